import type { DynamoDBStreamEvent } from 'aws-lambda';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { config } from '../../../functions/lib/config';
import { deliverOutboxItem, insertedOutboxId } from '../../../functions/events/outbox-worker';
import { passesJobWorkerFilter, passesOutboxWorkerFilter } from '../../../functions/events/stream-filter';
import { newJob } from '../../../functions/db/jobs';
import { transact } from '../../../functions/db/transact';
import { startStreamPoller, type StreamPoller } from '../../../bin/local/stream-poller';
import { useTableStream } from '../../support/table-stream';

useTableStream();

/** The local stand-in for Lambda's stream event source, against this file's table on DynamoDB Local. */
let poller: StreamPoller | undefined;
const events: DynamoDBStreamEvent[] = [];
let failNext = 0;

beforeAll(async () => {
  poller = await startStreamPoller({
    endpoint: config.dynamoEndpoint!,
    region: config.region,
    tableName: config.tableName,
    intervalMs: 100,
    // As the runtime starts it for the outbox worker: its event source mapping's filter (functions/events/stream-routing.ts).
    filter: passesOutboxWorkerFilter,
    handler: async (event) => {
      events.push(event);
      if (failNext > 0) {
        failNext -= 1;
        return { batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.dynamodb!.SequenceNumber! })) };
      }
      return { batchItemFailures: [] };
    },
  });
});

afterAll(async () => {
  await poller?.stop();
});

async function eventually<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const recordsFor = (outboxId: string) =>
  events.flatMap((event) => event.Records).filter((record) => insertedOutboxId(record) === outboxId);

describe('stream poller', () => {
  it('hands new items to the handler as Lambda stream records', async () => {
    const outboxId = newId();
    await db().entities.outbox.create({ outboxId, kind: 'notification', payload: { userId: 'u1', message: 'hello' } }).go();

    const [record] = await eventually(() => (recordsFor(outboxId).length ? recordsFor(outboxId) : undefined));
    expect(record.eventName).toBe('INSERT');
    expect(record.eventSourceARN).toMatch(/stream/);
    expect(typeof record.dynamodb?.ApproximateCreationDateTime).toBe('number');
    expect(record.dynamodb?.NewImage?.outboxId).toEqual({ S: outboxId });
    expect(record.dynamodb?.SequenceNumber).toBeTruthy();
  });

  it('offers records the handler reported as failed again', async () => {
    failNext = 1;
    const outboxId = newId();
    await db().entities.outbox.create({ outboxId, kind: 'notification', payload: { userId: 'u2', message: 'again' } }).go();

    const deliveries = await eventually(() => (recordsFor(outboxId).length >= 2 ? recordsFor(outboxId) : undefined));
    expect(deliveries[0].dynamodb?.SequenceNumber).toBe(deliveries[1].dynamodb?.SequenceNumber);
  });

  it('feeds the real worker: an item written to the table ends up sent', async () => {
    const outboxId = newId();
    await db().entities.outbox.create({ outboxId, kind: 'notification', payload: { userId: `u-${outboxId}`, message: 'from the stream' } }).go();
    await eventually(() => (recordsFor(outboxId).length ? true : undefined));
    // The test handler only records; deliver as the runtime's handler would.
    expect(await deliverOutboxItem(outboxId)).toBe('sent');
    expect(await deliverOutboxItem(outboxId)).toBe('handled');
  });

  it('drops what the event source mapping\'s filter drops in AWS: an outbox item\'s update is never delivered', async () => {
    const updatedId = newId();
    await db().entities.outbox.create({ outboxId: updatedId, kind: 'notification', payload: { userId: 'u3', message: 'updated' } }).go();
    await eventually(() => (recordsFor(updatedId).length ? true : undefined));
    await db().entities.outbox.patch({ outboxId: updatedId }).set({ status: 'sent' }).go();
    // A later insert arrives, so the update's record (written before it) has been read and passed over.
    const laterId = newId();
    await db().entities.outbox.create({ outboxId: laterId, kind: 'notification', payload: { userId: 'u4', message: 'later' } }).go();
    await eventually(() => (recordsFor(laterId).length ? true : undefined));
    const ofUpdated = events.flatMap((event) => event.Records).filter((record) => record.dynamodb?.NewImage?.outboxId?.S === updatedId);
    expect(ofUpdated.map((record) => record.eventName)).toEqual(['INSERT']);
  });

  it('gives each worker its own copy of what its filter passes, as each event source mapping does', async () => {
    const seen: Record<'outbox' | 'job' | 'all', DynamoDBStreamEvent[]> = { outbox: [], job: [], all: [] };
    const consumer = (name: keyof typeof seen, filter?: (record: any) => boolean) => ({
      filter,
      handler: async (event: DynamoDBStreamEvent) => {
        seen[name].push(event);
        return { batchItemFailures: [] };
      },
    });
    const mappings = await startStreamPoller({
      endpoint: config.dynamoEndpoint!,
      region: config.region,
      tableName: config.tableName,
      intervalMs: 100,
      consumers: [consumer('outbox', passesOutboxWorkerFilter), consumer('job', passesJobWorkerFilter), consumer('all')],
    });
    try {
      const outboxId = newId();
      await db().entities.outbox.create({ outboxId, kind: 'notification', payload: { userId: 'u5', message: 'copies' } }).go();
      const { jobId, write } = newJob({ kind: 'test.unknown', ownerId: 'system', title: 'Poller copies', input: {} });
      await transact([write]);
      const ids = (name: keyof typeof seen) => seen[name].flatMap((event) => event.Records).map((record) => record.dynamodb?.NewImage?.outboxId?.S ?? record.dynamodb?.NewImage?.jobId?.S);
      await eventually(() => (ids('all').includes(outboxId) && ids('all').includes(jobId) ? true : undefined));
      await mappings.idle();
      expect(ids('outbox')).toContain(outboxId);
      expect(ids('outbox')).not.toContain(jobId);
      expect(ids('job')).toContain(jobId);
      expect(ids('job')).not.toContain(outboxId);
    } finally {
      await mappings.stop();
    }
  });
});
