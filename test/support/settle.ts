/**
 * Plays the stream workers' part in integration tests, without timers: reads the test
 * table's stream from where the last call stopped and runs what each change calls for
 * (the outbox worker's projections and audit seals: functions/events/stream-records.ts; the job
 * worker's job steps: functions/events/job-worker.ts), each worker on the records its own filter
 * passes (functions/events/stream-routing.ts), round after round, until the table is quiet.
 * Derived data then stands as the deployed system leaves it.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { dynamoClient } from '../../functions/db/client';
import { runJobStep } from '../../functions/db/jobs';
import { jobKinds } from '../../functions/core/jobs/job-kinds';
import { auditEntryToSeal, projectionTargetsOf, runProjection } from '../../functions/events/stream-records';
import { runnableJobOf } from '../../functions/events/job-records';
import { sealAuditEntry } from '../../functions/core/records/audit-seal';
import { passesJobWorkerFilter, passesOutboxWorkerFilter } from '../../functions/events/stream-filter';
import { toLambdaRecord } from '../../bin/local/stream-poller';
import { useTableStream } from './table-stream';

// A file that settles reads its table's stream.
useTableStream();

const iterators = new Map<string, string | undefined>();
let streams: DynamoDBStreamsClient | undefined;

async function readNewRecords(): Promise<DynamoDBRecord[]> {
  const tableName = process.env.TABLE_NAME!;
  const { Table } = await dynamoClient().send(new DescribeTableCommand({ TableName: tableName }));
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`${tableName} has no stream: call useTableStream() (test/support/table-stream.ts) at the file's top level`);
  streams ??= new DynamoDBStreamsClient({ endpoint: process.env.DYNAMODB_ENDPOINT, region: process.env.AWS_REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  const records: DynamoDBRecord[] = [];
  for (const shard of StreamDescription?.Shards ?? []) {
    const shardId = shard.ShardId!;
    if (!iterators.has(shardId)) {
      const { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }));
      iterators.set(shardId, ShardIterator);
    }
    for (let iterator = iterators.get(shardId); iterator; ) {
      const output = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      records.push(...(output.Records ?? []).map((record) => toLambdaRecord(record, streamArn)));
      iterators.set(shardId, output.NextShardIterator);
      if (!output.Records?.length) break;
      iterator = output.NextShardIterator;
    }
  }
  return records;
}

/** Runs the stream's derived work until nothing new happens; returns how many rounds it took. */
export async function settle(maxRounds = 500): Promise<number> {
  for (let round = 1; round <= maxRounds; round++) {
    const all = await readNewRecords();
    if (!all.length) return round;
    // What each worker receives in AWS: its event source mapping's filter drops the rest.
    const outboxRecords = all.filter(passesOutboxWorkerFilter);
    for (const entry of outboxRecords.map(auditEntryToSeal)) if (entry) await sealAuditEntry(entry);
    const targets = new Map(outboxRecords.flatMap(projectionTargetsOf).map((target) => [`${target.source}:${target.id}`, target]));
    for (const target of targets.values()) await runProjection(target);
    const jobRecords = all.filter(passesJobWorkerFilter);
    for (const jobId of new Set(jobRecords.map(runnableJobOf).filter(Boolean))) await runJobStep(jobId!, jobKinds);
  }
  throw new Error(`The stream did not settle in ${maxRounds} rounds`);
}
