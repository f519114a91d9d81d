import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { dynamoClient } from '../../../functions/db/client';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { listNotifications } from '../../../functions/db/access/notifications';
import { config } from '../../../functions/lib/config';
import { MAX_ATTEMPTS, deliverPendingOutbox, handler, insertedOutboxId } from '../../../functions/events/outbox-worker';
import { startLocalSes, type LocalSes } from '../../../bin/local/ses-local';
import { freePort } from '../../../bin/local/ports';

let ses: LocalSes;
let scratch: string;

beforeAll(async () => {
  ses = await startLocalSes(await freePort());
  // Before the mail adapter makes its client (on first send).
  process.env.SES_ENDPOINT = ses.url;
  process.env.SMS_ADAPTER = 'local';
  scratch = await mkdtemp(join(tmpdir(), 'outbox-test-'));
});

afterAll(async () => {
  await ses?.stop();
  await rm(scratch, { recursive: true, force: true });
});

let sequence = 0;

/** Writes an outbox item and returns the INSERT stream record DynamoDB would emit for it. */
async function insertOutboxItem(kind: 'email' | 'sms' | 'notification', payload: unknown): Promise<{ outboxId: string; record: DynamoDBRecord }> {
  const outboxId = newId();
  await db().entities.outbox.create({ outboxId, kind, payload }).go();
  // ElectroDB gives the key as plain values; the stream carries DynamoDB's typed form.
  const Key = marshall((db().entities.outbox.get({ outboxId }).params() as { Key: Record<string, string> }).Key);
  const { Item } = await dynamoClient().send(new GetItemCommand({ TableName: config.tableName, Key, ConsistentRead: true }));
  sequence += 1;
  const record = {
    eventID: `event-${sequence}`,
    eventName: 'INSERT',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    eventSourceARN: `arn:aws:dynamodb:us-east-1:000000000000:table/${config.tableName}/stream/local`,
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      Keys: Key,
      NewImage: Item,
      SequenceNumber: String(1000 + sequence),
      SizeBytes: 100,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  } as DynamoDBRecord;
  return { outboxId, record };
}

const streamEvent = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

async function outboxItem(outboxId: string) {
  return (await db().entities.outbox.get({ outboxId }).go({ consistent: true })).data!;
}

async function emailsTo(address: string, subject: string) {
  const response = await fetch(`${ses.url}/store`);
  const store = (await response.json()) as { emails: { subject: string; destination: { to: string[] }; body: { html?: string; text?: string } }[] };
  return store.emails.filter((email) => email.subject === subject && email.destination.to.includes(address));
}

describe('outbox worker', () => {
  it('delivers a notification once even when the same stream record arrives twice', async () => {
    const userId = `user-${newId()}`;
    const { outboxId, record } = await insertOutboxItem('notification', { userId, message: 'Your step was approved.', link: '/step/1' });

    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });
    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });

    const inbox = await listNotifications(userId, { limit: 10, offset: 0 });
    expect(inbox.total).toBe(1);
    expect(inbox.unreadCount).toBe(1);
    expect(inbox.items.map((n) => ({ message: n.message, link: n.link }))).toEqual([{ message: 'Your step was approved.', link: '/step/1' }]);
    const item = await outboxItem(outboxId);
    expect(item.status).toBe('sent');
    expect(item.sentAt).toBeTruthy();
  });

  it('sends an email through SES once, visible in the local mail store', async () => {
    const subject = `Welcome ${newId()}`;
    const { outboxId, record } = await insertOutboxItem('email', {
      to: 'participant@example.org',
      subject,
      html: '<p>Set your password</p>',
      text: 'Set your password',
    });

    await handler(streamEvent(record, record)); // a batch that repeats the record

    const emails = await emailsTo('participant@example.org', subject);
    expect(emails).toHaveLength(1);
    expect(emails[0].body).toEqual({ html: '<p>Set your password</p>', text: 'Set your password' });
    expect((await outboxItem(outboxId)).status).toBe('sent');
  });

  it('writes an SMS to the local outbox file', async () => {
    process.env.SMS_OUTBOX_FILE = join(scratch, 'sms.jsonl');
    const { record } = await insertOutboxItem('sms', { to: '+15551234567', message: 'Your code is 123456' });

    await handler(streamEvent(record));
    await handler(streamEvent(record));

    const lines = (await readFile(process.env.SMS_OUTBOX_FILE, 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line)).map(({ to, message }) => ({ to, message }))).toEqual([
      { to: '+15551234567', message: 'Your code is 123456' },
    ]);
  });

  it('reports a failed delivery for retry, counts the attempt, and sends on the retry', async () => {
    process.env.SMS_OUTBOX_FILE = scratch; // a folder: appending fails like an unreachable provider
    const { outboxId, record } = await insertOutboxItem('sms', { to: '+15557654321', message: 'Retry me' });

    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber }] });
    const failed = await outboxItem(outboxId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toBeTruthy();

    process.env.SMS_OUTBOX_FILE = join(scratch, 'retry.jsonl');
    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });
    expect((await outboxItem(outboxId)).status).toBe('sent');
    expect(await readFile(process.env.SMS_OUTBOX_FILE, 'utf8')).toContain('Retry me');
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and marks the item failed`, async () => {
    process.env.SMS_OUTBOX_FILE = scratch;
    const { outboxId, record } = await insertOutboxItem('sms', { to: '+15550000001', message: 'Never' });
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect((await handler(streamEvent(record))).batchItemFailures).toHaveLength(1);
    }
    expect((await handler(streamEvent(record))).batchItemFailures).toHaveLength(0);
    expect(await outboxItem(outboxId)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('marks an item with an invalid payload failed at once instead of retrying it', async () => {
    const { outboxId, record } = await insertOutboxItem('notification', { message: 'no user id' });
    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });
    expect(await outboxItem(outboxId)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('ignores records that are not outbox inserts', async () => {
    const { record } = await insertOutboxItem('notification', { userId: 'someone', message: 'x' });
    const modify = { ...record, eventName: 'MODIFY' } as DynamoDBRecord;
    const otherEntity = {
      ...record,
      dynamodb: { ...record.dynamodb, NewImage: { ...record.dynamodb!.NewImage, __edb_e__: { S: 'notification' } } },
    } as DynamoDBRecord;
    expect(await handler(streamEvent(modify, otherEntity))).toEqual({ batchItemFailures: [] });
  });

  it('passes over inserts of other entities whatever their attributes (an empty map does not unmarshall)', () => {
    const location = {
      eventName: 'INSERT',
      dynamodb: { NewImage: { __edb_e__: { S: 'location' }, locationId: { S: 'j1' }, ancestors: {} } },
    } as unknown as DynamoDBRecord;
    expect(insertedOutboxId(location)).toBeUndefined();
  });

  it('sends items left pending while no worker ran (the start-up sweep)', async () => {
    const userId = `user-${newId()}`;
    const { outboxId } = await insertOutboxItem('notification', { userId, message: 'Written while the worker was down' });

    expect(await deliverPendingOutbox()).toBeGreaterThanOrEqual(1);
    expect((await outboxItem(outboxId)).status).toBe('sent');
    expect((await listNotifications(userId, { limit: 5, offset: 0 })).total).toBe(1);
  });
});
