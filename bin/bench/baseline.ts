import { DynamoDBClient, GetItemCommand, QueryCommand, type GetItemCommandInput, type QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { db } from '../../functions/db/service';
import { config } from '../../functions/lib/config';
import { AS, demoUserId } from './accounts';
import { CONCURRENCY } from './measure';
import { measureConcurrent, percentile } from './stats';

/**
 * The yardstick of ARCHITECTURE.md section 12: a raw GetItem and a raw Query straight
 * against the runtime's DynamoDB Local, from 10 concurrent clients, in the same run as the
 * routes. Absolute times on a shared machine are noise; a route's time as a multiple of
 * these is the figure to compare. Single-item routes are held against GetItem, the others
 * against Query (a page of 25).
 */
export interface Baseline {
  getItem: { p50: number; p99: number };
  query: { p50: number; p99: number };
}

const QUERY_PAGE = 25;

/** One demo user's item, and a page of that user's profile partition (its collection). */
function requests(): { get: GetItemCommandInput; query: QueryCommandInput } {
  const userId = demoUserId(AS.participant);
  const get = db().entities.user.get({ userId }).params() as { Key: Record<string, unknown> };
  const query = db().collections.userProfile({ userId }).params({ limit: QUERY_PAGE }) as QueryCommandInput & { ExpressionAttributeValues: Record<string, unknown> };
  return {
    get: { TableName: config.tableName, Key: marshall(get.Key) },
    query: { ...query, TableName: config.tableName, ExpressionAttributeValues: marshall(query.ExpressionAttributeValues), Limit: QUERY_PAGE },
  };
}

async function timed(send: () => Promise<unknown>, calls: number): Promise<{ p50: number; p99: number }> {
  // Warm up as the routes are (their first call is untimed): connections, and DynamoDB Local's JVM.
  await measureConcurrent(() => send().then(() => undefined), calls, CONCURRENCY);
  const durations = await measureConcurrent(() => send().then(() => undefined), calls, CONCURRENCY);
  return { p50: +percentile(durations, 50).toFixed(2), p99: +percentile(durations, 99).toFixed(2) };
}

/** Measures both baselines with a client of its own (its own connections, like the HTTP clients). */
export async function measureBaseline(calls: number): Promise<Baseline> {
  const client = new DynamoDBClient({ endpoint: config.dynamoEndpoint, region: config.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const { get, query } = requests();
  try {
    return {
      getItem: await timed(() => client.send(new GetItemCommand(get)), calls),
      query: await timed(() => client.send(new QueryCommand(query)), calls),
    };
  } finally {
    client.destroy();
  }
}

/** The two runs (before and after the routes) averaged: the machine's load drifts during a run. */
export function averageBaseline(runs: Baseline[]): Baseline {
  const mean = (pick: (b: Baseline) => number) => +(runs.reduce((sum, run) => sum + pick(run), 0) / runs.length).toFixed(2);
  return {
    getItem: { p50: mean((b) => b.getItem.p50), p99: mean((b) => b.getItem.p99) },
    query: { p50: mean((b) => b.query.p50), p99: mean((b) => b.query.p99) },
  };
}

/** A route's p50 and p99 as multiples of its yardstick. */
export function ratioTo(baseline: Baseline, route: { p50: number; p99: number; singleItem?: boolean }) {
  const yardstick = route.singleItem ? baseline.getItem : baseline.query;
  return { against: route.singleItem ? 'GetItem' : 'Query', p50x: +(route.p50 / yardstick.p50).toFixed(1), p99x: +(route.p99 / yardstick.p99).toFixed(1) };
}
