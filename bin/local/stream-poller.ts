import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/**
 * Plays the part of Lambda's DynamoDB Streams event sources on one machine: reads the
 * table's stream on DynamoDB Local and calls each worker with the event Lambda would send.
 * Each consumer stands for one event source mapping: like its filter criteria, records its
 * `filter` refuses are dropped before its handler sees them, and it gets its own copy of the
 * rest (a record two workers need reaches both). Like Lambda with ReportBatchItemFailures,
 * records a handler reports as failed are offered to that handler again (a few times, with the
 * next polls).
 */
export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

/** One event source mapping: a worker's handler and its filter (functions/events/stream-filter.ts); no filter: every record. */
export interface StreamConsumer {
  handler: StreamHandler;
  filter?: (record: DynamoDBRecord) => boolean;
}

export interface StreamPollerOptions {
  endpoint: string;
  region: string;
  tableName: string;
  /** The mappings on the stream, each called with its own records, side by side as Lambda runs them. */
  consumers?: readonly StreamConsumer[];
  /** One mapping alone (instead of `consumers`). */
  handler?: StreamHandler;
  /** The event source mapping's filter (functions/events/stream-filter.ts); unset: every record. */
  filter?: (record: DynamoDBRecord) => boolean;
  intervalMs?: number;
  /** Failures of the poller itself (not of deliveries, which the worker records). */
  onError?: (error: unknown) => void;
}

export interface StreamPoller {
  stop(): Promise<void>;
  /** Resolves after a whole round that found no record and has none to retry: derived work is done. */
  idle(): Promise<void>;
}

const BATCH_SIZE = 100;
const MAX_RETRIES = 3;
/** How often to look for new shards (DynamoDB rolls shards over now and then). */
const DISCOVER_EVERY_MS = 5_000;

interface ShardCursor {
  iterator: string | undefined;
  lastSequenceNumber?: string;
  /** Per consumer (by its index): its records to offer again. */
  retry: { record: DynamoDBRecord; tries: number }[][];
}

/** The Lambda event record for a stream record (dates become epoch seconds, the stream ARN is added). */
export function toLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const { dynamodb, ...rest } = record;
  const created = dynamodb?.ApproximateCreationDateTime;
  return {
    ...rest,
    eventSourceARN: streamArn,
    dynamodb: dynamodb && {
      ...dynamodb,
      ApproximateCreationDateTime: created instanceof Date ? Math.floor(created.getTime() / 1000) : (created as number | undefined),
    },
  } as DynamoDBRecord;
}

export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const tables = new DynamoDBClient({ endpoint: options.endpoint, region: options.region, credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: options.endpoint, region: options.region, credentials });
  const intervalMs = options.intervalMs ?? 500;
  const consumers: readonly StreamConsumer[] = options.consumers ?? (options.handler ? [{ handler: options.handler, filter: options.filter }] : []);
  if (!consumers.length) throw new Error('The stream poller needs a handler or consumers');
  const noRetries = () => consumers.map(() => []);
  const retrying = (cursor: ShardCursor) => cursor.retry.some((list) => list.length > 0);
  const reportError = options.onError ?? ((error) => console.error('[outbox] stream poller:', error));

  const { Table } = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
  tables.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream; the outbox worker needs one`);

  const cursors = new Map<string, ShardCursor>();
  /** Shards seen once; a closed shard stays here so it is never read again. */
  const known = new Set<string>();

  async function listShards(): Promise<Shard[]> {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
      shards.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return shards;
  }

  async function iteratorFor(shardId: string, type: ShardIteratorType, sequenceNumber?: string): Promise<string | undefined> {
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type, SequenceNumber: sequenceNumber }),
    );
    return ShardIterator;
  }

  /** At start: open shards from now on. Later: every new shard from its beginning. */
  async function discover(initial: boolean): Promise<void> {
    for (const shard of await listShards()) {
      const id = shard.ShardId!;
      if (known.has(id)) continue;
      known.add(id);
      const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
      if (initial && !open) continue;
      cursors.set(id, { iterator: await iteratorFor(id, initial ? 'LATEST' : 'TRIM_HORIZON'), retry: noRetries() });
    }
  }

  /** One consumer's batch: its retries, then the new records its filter passes. */
  async function deliverTo(cursor: ShardCursor, index: number, records: DynamoDBRecord[]): Promise<void> {
    const { handler, filter } = consumers[index];
    const retry = cursor.retry[index];
    const batch = [...retry.map((r) => r.record), ...(filter ? records.filter((record) => filter(record)) : records)];
    if (!batch.length) return;
    const tries = new Map(retry.map((r) => [r.record.dynamodb?.SequenceNumber, r.tries]));
    let failed = new Set<string>();
    try {
      const response = await handler({ Records: batch });
      failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (error) {
      reportError(error);
      failed = new Set(batch.map((r) => r.dynamodb?.SequenceNumber ?? ''));
    }
    cursor.retry[index] = batch
      .filter((record) => failed.has(record.dynamodb?.SequenceNumber ?? ''))
      .map((record) => ({ record, tries: (tries.get(record.dynamodb?.SequenceNumber) ?? 0) + 1 }))
      .filter((entry) => entry.tries <= MAX_RETRIES);
  }

  /** Every consumer its copy, side by side (each mapping invokes its own Lambda). */
  async function deliver(cursor: ShardCursor, records: DynamoDBRecord[]): Promise<void> {
    await Promise.all(consumers.map((_, index) => deliverTo(cursor, index, records)));
  }

  async function pollShard(shardId: string, cursor: ShardCursor): Promise<void> {
    if (!cursor.iterator) {
      await deliver(cursor, []);
      if (!retrying(cursor)) cursors.delete(shardId);
      return;
    }
    try {
      const output = await streams.send(new GetRecordsCommand({ ShardIterator: cursor.iterator, Limit: BATCH_SIZE }));
      const records = (output.Records ?? []).map((record) => toLambdaRecord(record, streamArn!));
      if (records.length) cursor.lastSequenceNumber = records[records.length - 1].dynamodb?.SequenceNumber;
      if (records.length || retrying(cursor)) busyRound = true;
      cursor.iterator = output.NextShardIterator; // undefined once the shard is closed and read to its end
      await deliver(cursor, records);
    } catch (error) {
      if ((error as Error).name !== 'ExpiredIteratorException') reportError(error);
      cursor.iterator = cursor.lastSequenceNumber
        ? await iteratorFor(shardId, 'AFTER_SEQUENCE_NUMBER', cursor.lastSequenceNumber)
        : await iteratorFor(shardId, 'LATEST');
    }
  }

  await discover(true);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastDiscovery = Date.now();
  let busyRound = false;
  let idleWaiters: Array<() => void> = [];

  async function tick(): Promise<void> {
    try {
      busyRound = false;
      for (const [shardId, cursor] of [...cursors]) {
        if (stopped) return;
        await pollShard(shardId, cursor);
      }
      if (!busyRound) {
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
      }
      if (Date.now() - lastDiscovery > DISCOVER_EVERY_MS) {
        lastDiscovery = Date.now();
        await discover(false);
      }
    } catch (error) {
      reportError(error);
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, intervalMs);
  }
  schedule();

  return {
    idle: () => new Promise<void>((resolve) => idleWaiters.push(resolve)),
    async stop() {
      stopped = true;
      for (const resolve of idleWaiters) resolve();
      clearTimeout(timer);
      await running.catch(() => undefined);
      streams.destroy();
    },
  };
}
