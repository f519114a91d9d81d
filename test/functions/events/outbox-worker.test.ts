import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { listNotifications } from '../../../functions/db/access/notifications';
import { HANDLED_RETENTION_DAYS, LEASE_MS, outboxSeams } from '../../../functions/events/outbox-delivery';
import { MAX_ATTEMPTS, RESERVE_MS, SWEEP_EVENT, deliverOutboxItem, deliverPendingOutbox, handler, insertedOutboxId } from '../../../functions/events/outbox-worker';
import { sweep } from '../../../functions/events/sweepers';
import { startLocalSes, type LocalSes } from '../../../bin/local/ses-local';
import { freePort } from '../../../bin/local/ports';
import { dieOnceAfter, emailsTo as storedEmails, insertOutboxItem, outboxItem as storedItem } from '../../support/outbox-harness';

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

const realSeams = { ...outboxSeams };
afterEach(() => Object.assign(outboxSeams, realSeams));

/** Moves the worker's clock past any lease taken so far (no waiting). */
function leasesRunOut(): void {
  const later = Date.now() + LEASE_MS + 1_000;
  outboxSeams.now = () => later;
}

const streamEvent = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

async function outboxItem(outboxId: string) {
  return (await storedItem(outboxId))!;
}

const emailsTo = (address: string, subject: string) => storedEmails(ses.url, address, subject);

function emailPayload(to: string, extra: Record<string, unknown> = {}) {
  return { to, subject: `Subject ${newId()}`, html: '<p>Hello</p>', text: 'Hello', ...extra };
}

async function inboxOf(userId: string) {
  const inbox = await listNotifications(userId, { limit: 10, offset: 0 });
  return { total: inbox.total, unreadCount: inbox.unreadCount, messages: inbox.items.map((item) => item.message) };
}

/** A user with the given consent flags, owning their address (as the app writes them). */
async function createUser({ emailSuppressed, ...flags }: { emailNotificationsOptIn?: boolean; smsOptIn?: boolean; isPhoneNumberVerified?: boolean; emailSuppressed?: boolean }) {
  const userId = `user-${newId()}`;
  const email = `${userId.toLowerCase()}@example.org`;
  await db().entities.user.create({ userId, firstName: 'Pat', lastName: 'Doe', email, phoneNumber: '+15551230000', ...flags }).go();
  // As the bounce and complaint webhooks record it (functions/core/communication/webhooks.ts).
  if (emailSuppressed) await db().entities.emailSuppression.put({ email, reason: 'bounce' }).go();
  await db().entities.userEmail.create({ email, userId }).go();
  return { userId, email };
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
    expect(item.providerMessageId).toBe(inbox.items[0].notificationId);
  });

  it('keeps its time budget: records it has no time left to start are reported for the retry, not started', async () => {
    const userId = `user-${newId()}`;
    const first = await insertOutboxItem('notification', { userId, message: 'First.', link: '/step/1' });
    const second = await insertOutboxItem('notification', { userId, message: 'Second.', link: '/step/2' });
    const third = await insertOutboxItem('notification', { userId, message: 'Third.', link: '/step/3' });
    // Lambda's clock: enough for the first record, then too little to start another.
    const remaining = [RESERVE_MS + 5_000, RESERVE_MS - 1];
    const context = { getRemainingTimeInMillis: () => remaining.shift() ?? 0 } as never;

    const response = await handler(streamEvent(first.record, second.record, third.record), context);

    expect(response.batchItemFailures.map((f) => f.itemIdentifier)).toEqual([second.record, third.record].map((r) => r.dynamodb!.SequenceNumber));
    expect((await inboxOf(userId)).messages).toEqual(['First.']);
    expect((await outboxItem(second.outboxId)).status).toBe('pending');
    // The retry, with time to spare, delivers the rest.
    expect(await handler(streamEvent(second.record, third.record))).toEqual({ batchItemFailures: [] });
    expect((await inboxOf(userId)).messages.sort()).toEqual(['First.', 'Second.', 'Third.']);
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

  it('writes an account SMS (a verification code) to the local outbox file', async () => {
    process.env.SMS_OUTBOX_FILE = join(scratch, 'sms.jsonl');
    const { record } = await insertOutboxItem('sms', { to: '+15551234567', message: 'Your code is 123456', purpose: 'account' });

    await handler(streamEvent(record));
    await handler(streamEvent(record));

    const lines = (await readFile(process.env.SMS_OUTBOX_FILE, 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line)).map(({ to, message }) => ({ to, message }))).toEqual([
      { to: '+15551234567', message: 'Your code is 123456' },
    ]);
  });

  it('reports a failed delivery for retry, counts the attempt, releases the lease and sends on the retry', async () => {
    process.env.SMS_OUTBOX_FILE = scratch; // a folder: appending fails like an unreachable provider
    const { outboxId, record } = await insertOutboxItem('sms', { to: '+15557654321', message: 'Retry me', purpose: 'account' });

    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber }] });
    const failed = await outboxItem(outboxId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toBeTruthy();
    expect([failed.leaseOwner, failed.leaseUntil, failed.handedOffAt]).toEqual([undefined, undefined, undefined]);

    process.env.SMS_OUTBOX_FILE = join(scratch, 'retry.jsonl');
    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });
    expect((await outboxItem(outboxId)).status).toBe('sent');
    expect(await readFile(process.env.SMS_OUTBOX_FILE, 'utf8')).toContain('Retry me');
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and marks the item failed`, async () => {
    process.env.SMS_OUTBOX_FILE = scratch;
    const { outboxId, record } = await insertOutboxItem('sms', { to: '+15550000001', message: 'Never', purpose: 'account' });
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
});

describe('outbox worker: exactly one effect when a worker dies', () => {
  it('a notification whose worker died after the claim is sent once by the sweep after the lease runs out', async () => {
    const userId = `user-${newId()}`;
    const { outboxId, record } = await insertOutboxItem('notification', { userId, message: 'Claimed then crashed' });

    dieOnceAfter('claimed', outboxId);
    expect((await handler(streamEvent(record))).batchItemFailures).toHaveLength(1);
    // The stream's retry finds the dead worker's lease: nothing happens, and it is not a failure.
    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });
    expect(await inboxOf(userId)).toEqual({ total: 0, unreadCount: 0, messages: [] });

    leasesRunOut();
    expect(await handler(SWEEP_EVENT)).toMatchObject({ outbox: expect.any(Number) });
    expect(await inboxOf(userId)).toEqual({ total: 1, unreadCount: 1, messages: ['Claimed then crashed'] });
    expect(await outboxItem(outboxId)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a notification whose worker died after adding it is not added again: one bell entry, counted once', async () => {
    const userId = `user-${newId()}`;
    const { outboxId, record } = await insertOutboxItem('notification', { userId, message: 'Added then crashed' });

    dieOnceAfter('sent', outboxId);
    expect((await handler(streamEvent(record))).batchItemFailures).toHaveLength(1);
    expect(await inboxOf(userId)).toEqual({ total: 1, unreadCount: 1, messages: ['Added then crashed'] });

    leasesRunOut();
    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] }); // the stream's retry takes over
    expect(await deliverOutboxItem(outboxId)).toBe('handled');
    expect(await inboxOf(userId)).toEqual({ total: 1, unreadCount: 1, messages: ['Added then crashed'] });
    expect((await outboxItem(outboxId)).status).toBe('sent');
  });

  it('an email whose worker died after the claim is sent once, by the sweep', async () => {
    const payload = emailPayload('claimed@example.org');
    const { outboxId, record } = await insertOutboxItem('email', payload);

    dieOnceAfter('claimed', outboxId);
    expect((await handler(streamEvent(record))).batchItemFailures).toHaveLength(1);
    expect(await emailsTo(payload.to, payload.subject)).toHaveLength(0);

    leasesRunOut();
    await deliverPendingOutbox();
    expect(await emailsTo(payload.to, payload.subject)).toHaveLength(1);
    expect((await outboxItem(outboxId)).status).toBe('sent');
  });

  it('an email whose worker died after handing it to SES is never sent again; it ends failed as unconfirmed', async () => {
    const payload = emailPayload('handed-off@example.org');
    const { outboxId, record } = await insertOutboxItem('email', payload);

    dieOnceAfter('sent', outboxId);
    expect((await handler(streamEvent(record))).batchItemFailures).toHaveLength(1);
    leasesRunOut();
    await handler(streamEvent(record));
    await deliverPendingOutbox();

    expect(await emailsTo(payload.to, payload.subject)).toHaveLength(1);
    const item = await outboxItem(outboxId);
    expect(item.status).toBe('failed');
    expect(item.lastError).toMatch(/^Unconfirmed/);
    expect(item.handedOffAt).toBeTruthy();
  });

  it('two workers racing on one item (stream retry and sweep) send it once', async () => {
    const payload = emailPayload('race@example.org');
    const { outboxId, record } = await insertOutboxItem('email', payload);

    const outcomes = await Promise.all([deliverOutboxItem(outboxId), deliverOutboxItem(outboxId), handler(streamEvent(record)), deliverPendingOutbox()]);

    expect(outcomes.slice(0, 2).filter((outcome) => outcome === 'sent').length).toBeLessThanOrEqual(1);
    expect(outcomes[2]).toEqual({ batchItemFailures: [] });
    expect(await emailsTo(payload.to, payload.subject)).toHaveLength(1);
    expect(await outboxItem(outboxId)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('an expired lease is taken over by another worker; a live one is left alone, also by the sweep', async () => {
    const userId = `user-${newId()}`;
    const { outboxId, record } = await insertOutboxItem('notification', { userId, message: 'Taken over' });
    dieOnceAfter('claimed', outboxId);
    await handler(streamEvent(record));
    const dead = await outboxItem(outboxId);

    expect(await deliverOutboxItem(outboxId)).toBe('leased');
    await deliverPendingOutbox();
    expect(await outboxItem(outboxId)).toMatchObject({ status: 'pending', leaseOwner: dead.leaseOwner, attempts: 1 });

    leasesRunOut();
    expect(await deliverOutboxItem(outboxId)).toBe('sent');
    const done = await outboxItem(outboxId);
    expect(done.leaseOwner).not.toBe(dead.leaseOwner);
    expect(done).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('outbox worker: consent, suppression and retention', () => {
  it('skips a notification email to someone who turned email notifications off, but sends them an account email', async () => {
    const { userId, email } = await createUser({ emailNotificationsOptIn: false });
    const news = emailPayload(email, { userId });
    const account = emailPayload(email, { purpose: 'account' });
    const { outboxId: newsId } = await insertOutboxItem('email', news);
    const { outboxId: accountId } = await insertOutboxItem('email', account);

    expect(await deliverOutboxItem(newsId)).toBe('skipped');
    expect(await deliverOutboxItem(accountId)).toBe('sent');

    expect(await outboxItem(newsId)).toMatchObject({ status: 'skipped', skipReason: 'the recipient turned email notifications off' });
    expect(await emailsTo(email, news.subject)).toHaveLength(0);
    expect(await emailsTo(email, account.subject)).toHaveLength(1);
  });

  it('finds the recipient by address when the payload names none, and sends to those who opted in', async () => {
    const optedOut = await createUser({ emailNotificationsOptIn: false });
    const optedIn = await createUser({ emailNotificationsOptIn: true });
    const { outboxId: outId } = await insertOutboxItem('email', emailPayload(optedOut.email.toUpperCase()));
    const { outboxId: inId } = await insertOutboxItem('email', emailPayload(optedIn.email));
    expect(await deliverOutboxItem(outId)).toBe('skipped');
    expect(await deliverOutboxItem(inId)).toBe('sent');
  });

  it('sends no email at all, not even an account one, to a suppressed address', async () => {
    const { email } = await createUser({ emailSuppressed: true });
    const payload = emailPayload(email, { purpose: 'account' });
    const { outboxId } = await insertOutboxItem('email', payload);
    expect(await deliverOutboxItem(outboxId)).toBe('skipped');
    expect(await outboxItem(outboxId)).toMatchObject({ status: 'skipped', skipReason: 'the address is suppressed (bounce or complaint)' });
    expect(await emailsTo(email, payload.subject)).toHaveLength(0);
  });

  it('sends a notification SMS only to someone who opted in to SMS, at their verified number', async () => {
    process.env.SMS_OUTBOX_FILE = join(scratch, 'consent.jsonl');
    const optedIn = await createUser({ smsOptIn: true, isPhoneNumberVerified: true });
    const unverified = await createUser({ smsOptIn: true });
    const notOptedIn = await createUser({ isPhoneNumberVerified: true });
    const { outboxId: inId } = await insertOutboxItem('sms', { to: '+15551230000', message: 'Opted in', userId: optedIn.userId });
    const { outboxId: outId } = await insertOutboxItem('sms', { to: '+15551230000', message: 'Not opted in', userId: notOptedIn.userId });
    const { outboxId: unverifiedId } = await insertOutboxItem('sms', { to: '+15551230000', message: 'Unverified', userId: unverified.userId });
    const { outboxId: otherNumberId } = await insertOutboxItem('sms', { to: '+15551110009', message: 'Another number', userId: optedIn.userId });
    const { outboxId: anonymousId } = await insertOutboxItem('sms', { to: '+15551110003', message: 'Nobody known' });

    expect(await deliverOutboxItem(inId)).toBe('sent');
    expect(await deliverOutboxItem(outId)).toBe('skipped');
    expect(await deliverOutboxItem(unverifiedId)).toBe('skipped');
    expect(await deliverOutboxItem(otherNumberId)).toBe('skipped');
    expect(await deliverOutboxItem(anonymousId)).toBe('skipped');
    const sent = (await readFile(process.env.SMS_OUTBOX_FILE, 'utf8')).trim().split('\n').map((line) => JSON.parse(line).message);
    expect(sent).toEqual(['Opted in']);
    expect(await outboxItem(outId)).toMatchObject({ status: 'skipped', skipReason: 'the recipient has not opted in to SMS' });
  });

  it(`sets a TTL ${HANDLED_RETENTION_DAYS} days out on every handled item (sent, skipped, failed) and none on pending ones`, async () => {
    const { email } = await createUser({ emailSuppressed: true });
    const { outboxId: sentId } = await insertOutboxItem('notification', { userId: `user-${newId()}`, message: 'Kept a while' });
    const { outboxId: skippedId } = await insertOutboxItem('email', emailPayload(email));
    const { outboxId: failedId } = await insertOutboxItem('notification', { message: 'invalid' });
    const { outboxId: pendingId } = await insertOutboxItem('notification', { userId: `user-${newId()}`, message: 'Not yet' });
    const before = Math.floor(Date.now() / 1000);

    expect([await deliverOutboxItem(sentId), await deliverOutboxItem(skippedId), await deliverOutboxItem(failedId)]).toEqual(['sent', 'skipped', 'failed']);

    const retention = HANDLED_RETENTION_DAYS * 86_400;
    for (const outboxId of [sentId, skippedId, failedId]) {
      const { ttl } = await outboxItem(outboxId);
      expect(ttl).toBeGreaterThanOrEqual(before + retention);
      expect(ttl).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + retention);
    }
    expect((await outboxItem(pendingId)).ttl).toBeUndefined();
  });
});

describe('the scheduled sweep', () => {
  it('the sweep event sends items left pending while no worker ran', async () => {
    const userId = `user-${newId()}`;
    const { outboxId } = await insertOutboxItem('notification', { userId, message: 'Written while the worker was down' });

    const report = await handler(SWEEP_EVENT);
    expect(report.outbox).toBeGreaterThanOrEqual(1);
    expect((await outboxItem(outboxId)).status).toBe('sent');
    expect((await listNotifications(userId, { limit: 5, offset: 0 })).total).toBe(1);
  });

  it('runs every sweeper in turn; one that fails is reported and the others still run', async () => {
    const ran: string[] = [];
    const report = await sweep([
      { name: 'broken', run: async () => { ran.push('broken'); throw new Error('jobs table unreachable'); } },
      { name: 'counting', run: async () => { ran.push('counting'); return 3; } },
    ]);
    expect(ran).toEqual(['broken', 'counting']);
    expect(report).toEqual({ broken: { error: 'jobs table unreachable' }, counting: 3 });
  });
});
