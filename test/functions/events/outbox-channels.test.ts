import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { listNotifications } from '../../../functions/db/access/notifications';
import { outboxSeams, deliverOutboxItem, deliverPendingOutbox } from '../../../functions/events/outbox-delivery';
import { digestLineId, emailItemId } from '../../../functions/events/outbox-fanout';
import { sendDueDigests } from '../../../functions/events/outbox-digest';
import { handler, SWEEP_EVENT } from '../../../functions/events/outbox-worker';
import { unsubscribe } from '../../../functions/core/notifications/unsubscribe';
import { startLocalSes, type LocalSes } from '../../../bin/local/ses-local';
import { freePort } from '../../../bin/local/ports';
import { dieOnceAfter, emailsTo, insertOutboxItem, outboxItem, smsIn } from '../../support/outbox-harness';
import { withCountedRequests } from '../../support/dynamo';

let ses: LocalSes;
let scratch: string;
let smsFile: string;
const conferenceId = `conf-${newId()}`;

beforeAll(async () => {
  ses = await startLocalSes(await freePort());
  process.env.SES_ENDPOINT = ses.url;
  process.env.SMS_ADAPTER = 'local';
  scratch = await mkdtemp(join(tmpdir(), 'outbox-channels-'));
  smsFile = join(scratch, 'sms.jsonl');
  process.env.SMS_OUTBOX_FILE = smsFile;
  // No quiet hours (equal ends) unless a test asks: these tests run at any hour of the real clock.
  await conference(conferenceId, { timeZone: 'America/New_York', quietHoursStart: '00:00', quietHoursEnd: '00:00' });
});

/** A conference with these messaging settings (absent ones take the defaults). */
async function conference(locationId: string, settings: { timeZone?: string; quietHoursStart?: string; quietHoursEnd?: string }) {
  await db().entities.location.create({ locationId, kind: 'Conference', name: 'North Georgia Conference', ancestors: {}, ancestorIds: ['j1', 'a1', locationId], ...settings }).go();
}

afterAll(async () => {
  await ses?.stop();
  await rm(scratch, { recursive: true, force: true });
});

const realSeams = { ...outboxSeams };
afterEach(() => {
  Object.assign(outboxSeams, realSeams);
  delete process.env.AUTO_DIGEST_PER_HOUR;
  delete process.env.SMS_PER_DAY;
});

let phone = 5550000;
interface Person {
  userId: string;
  email: string;
  phoneNumber: string;
}

/** A user of the conference with these channel settings, owning their address as the app writes it. */
async function person(flags: { emailNotificationsOptIn?: boolean; emailDigest?: boolean; smsOptIn?: boolean; isPhoneNumberVerified?: boolean } = {}, inConference = conferenceId): Promise<Person> {
  const userId = `user-${newId()}`;
  const email = `${userId.toLowerCase()}@example.org`;
  phone += 1;
  const phoneNumber = `+1555${phone}`;
  await db().entities.user.create({ userId, firstName: 'Pat', lastName: 'Doe', email, phoneNumber, ...flags }).go();
  await db().entities.userEmail.create({ email, userId }).go();
  await db().entities.permission.create({ userId, permissionId: newId(), entity: 'Conference', entityId: inConference, ancestorIds: ['j1', 'a1', inConference], primary: true }).go();
  return { userId, email, phoneNumber };
}

/** A participation event's bell item for `who` (as eventWrites writes it), delivered by the worker. */
async function notify(who: Person, message: string, extra: { createdAt?: string; link?: string; items?: { text: string; link: string }[] } = {}) {
  const { createdAt, ...rest } = extra;
  const { outboxId, record } = await insertOutboxItem('notification', { userId: who.userId, message, link: '/step/s1', ...rest }, createdAt ? { createdAt } : {});
  const at = Date.parse((await outboxItem(outboxId))!.createdAt);
  return { outboxId, record, at, emailId: emailItemId({ outboxId, at }), lineId: digestLineId({ outboxId, at }) };
}

/** Every pending item the sweep can reach, delivered (children of children too). */
async function drain(): Promise<void> {
  for (let round = 0; round < 5; round++) await deliverPendingOutbox(100);
}

async function outboxKinds(userId: string): Promise<string[]> {
  // Test only: the file's own small table.
  const { data } = await db().entities.outbox.scan.go({ pages: 'all' });
  return data.filter((item) => (item.payload as { userId?: string }).userId === userId).map((item) => `${item.kind}:${item.status}`).sort();
}

describe('fan-out: a bell notification becomes email and SMS by the recipient\'s choices', () => {
  it('opted in to both: one bell entry, one email in the product layout with unsubscribe headers, one SMS', async () => {
    const pat = await person({ smsOptIn: true, isPhoneNumberVerified: true });
    const event = await notify(pat, 'Reading was approved.');

    await handler({ Records: [event.record, event.record] });
    await drain();

    expect((await listNotifications(pat.userId, { limit: 5, offset: 0 })).total).toBe(1);
    const [email, ...more] = await emailsTo(ses.url, pat.email);
    expect(more).toHaveLength(0);
    expect(email.subject).toBe('Reading was approved.');
    expect(email.body.html).toContain('North Georgia Conference');
    expect(email.body.html).toContain('http://localhost:3000/step/s1');
    expect(email.body.text).toContain('Unsubscribe http://localhost:3000/api/notification/unsubscribe?token=');
    const headers = Object.fromEntries((email.headers ?? []).map(({ name, value }) => [name, value]));
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/notification\/unsubscribe\?token=[^>]+>$/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect((await smsIn(smsFile, pat.phoneNumber)).map((sms) => sms.message)).toEqual(['North Georgia Conference: Reading was approved. http://localhost:3000/step/s1']);
    expect(await outboxKinds(pat.userId)).toEqual(['email:sent', 'notification:sent', 'sms:sent']);
  });

  it('email off, SMS not opted in or not verified: the bell only', async () => {
    const quiet = await person({ emailNotificationsOptIn: false, smsOptIn: false, isPhoneNumberVerified: true });
    const unverified = await person({ emailNotificationsOptIn: false, smsOptIn: true, isPhoneNumberVerified: false });
    for (const who of [quiet, unverified]) {
      const event = await notify(who, 'Nothing but the bell.');
      expect(await deliverOutboxItem(event.outboxId)).toBe('sent');
      expect(await outboxKinds(who.userId)).toEqual(['notification:sent']);
      expect((await listNotifications(who.userId, { limit: 5, offset: 0 })).total).toBe(1);
    }
  });

  it('a digest notification (reminders) lists each line with its link in the email', async () => {
    const pat = await person();
    const event = await notify(pat, 'Two steps are overdue.', { items: [{ text: 'Reading (Track A)', link: '/step/a' }, { text: 'Essay (Track B)', link: '/step/b' }] });
    await deliverOutboxItem(event.outboxId);
    await drain();
    const [email] = await emailsTo(ses.url, pat.email, 'Two steps are overdue.');
    expect(email.body.text).toMatch(/Reading \(Track A\) http:\/\/localhost:3000\/step\/a/);
    expect(email.body.text).toMatch(/Essay \(Track B\) http:\/\/localhost:3000\/step\/b/);
    // The bell entry keeps the list too (the bell expands it); a plain one has none.
    await deliverOutboxItem((await notify(pat, 'Plain news.')).outboxId);
    const { items: inbox } = await listNotifications(pat.userId, { limit: 5, offset: 0 });
    expect(inbox.map((entry) => [entry.message, entry.items?.map((item) => item.link)])).toEqual([
      ['Plain news.', undefined],
      ['Two steps are overdue.', ['/step/a', '/step/b']],
    ]);
  });
});

describe('exactly once when a worker dies', () => {
  it('dying after the bell entry was added: the retry adds no second email or SMS', async () => {
    const pat = await person({ smsOptIn: true, isPhoneNumberVerified: true });
    const event = await notify(pat, 'Crash after the bell.');
    dieOnceAfter('sent', event.outboxId);
    expect((await handler({ Records: [event.record] })).batchItemFailures).toHaveLength(1);
    // The dead worker's lease runs out; the sweep finishes the item and its children.
    const later = Date.now() + 120_000;
    outboxSeams.now = () => later;
    await handler(SWEEP_EVENT);
    await drain();
    expect(await emailsTo(ses.url, pat.email)).toHaveLength(1);
    expect(await smsIn(smsFile, pat.phoneNumber)).toHaveLength(1);
    expect((await listNotifications(pat.userId, { limit: 5, offset: 0 })).total).toBe(1);
  });

  it('dying between handing the email and SMS over and recording it: exactly one email in the viewer and one SMS', async () => {
    const pat = await person({ smsOptIn: true, isPhoneNumberVerified: true });
    const event = await notify(pat, 'Crash between send and record.');
    await deliverOutboxItem(event.outboxId);
    const { data } = await db().entities.outbox.scan.go({ pages: 'all' });
    const smsId = data.find((item) => item.kind === 'sms' && (item.payload as { userId?: string }).userId === pat.userId)!.outboxId;

    for (const childId of [event.emailId, smsId]) {
      dieOnceAfter('sent', childId);
      await expect(deliverOutboxItem(childId)).rejects.toThrow('worker died after sent');
    }
    const later = Date.now() + 120_000;
    outboxSeams.now = () => later;
    await drain();

    expect(await emailsTo(ses.url, pat.email)).toHaveLength(1);
    expect(await smsIn(smsFile, pat.phoneNumber)).toHaveLength(1);
    expect(await outboxItem(event.emailId)).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/^Unconfirmed/) });
  });
});

describe('no flood', () => {
  it('a digest-mode user gets one email a day at 07:00 in their conference time zone listing every event, once', async () => {
    const pat = await person({ emailDigest: true });
    // 22:00, 23:00 and 01:00 New York time (EST, UTC-5) on the night of 14 to 15 January.
    const events = [];
    for (const [hour, step] of [['03', 'a'], ['04', 'b'], ['06', 'c']]) {
      const event = await notify(pat, `Step ${step} is ready.`, { createdAt: `2026-01-15T${hour}:00:00.000Z`, link: `/step/${step}` });
      await deliverOutboxItem(event.outboxId);
      await deliverOutboxItem(event.outboxId); // a repeat adds nothing
      events.push(event);
    }
    expect(await outboxKinds(pat.userId)).toEqual(['notification:sent', 'notification:sent', 'notification:sent']);

    outboxSeams.now = () => Date.parse('2026-01-15T11:59:00.000Z'); // 06:59 in New York
    expect(await sendDueDigests(outboxSeams.now())).toBe(0);
    outboxSeams.now = () => Date.parse('2026-01-15T12:00:00.000Z'); // 07:00
    expect(await handler(SWEEP_EVENT)).toMatchObject({ digests: 1 });
    expect(await sendDueDigests(outboxSeams.now())).toBe(0);
    await drain();

    const [digest, ...more] = await emailsTo(ses.url, pat.email);
    expect(more).toHaveLength(0);
    expect(digest.subject).toBe('Your daily digest: 3 notifications');
    for (const step of ['a', 'b', 'c']) expect(digest.body.text).toContain(`Step ${step} is ready. http://localhost:3000/step/${step}`);
    expect(digest.headers?.some(({ name }) => name === 'List-Unsubscribe')).toBe(true);
  });

  it("a digest-mode user's digest keeps an escalation's own list, each step with its link, as its single email would", async () => {
    const pat = await person({ emailDigest: true });
    const plain = await notify(pat, 'A step is ready.', { createdAt: '2026-01-20T03:00:00.000Z', link: '/step/r' });
    const escalation = await notify(pat, '2 overdue steps in Foothills District', {
      createdAt: '2026-01-20T04:00:00.000Z',
      link: '/step/s1',
      items: [
        { text: 'Transcript in Candidacy for Grace Lee, overdue since Jan 10, 2026', link: '/step/s1' },
        { text: 'Interview in Candidacy for Sam Ortiz, overdue since Jan 12, 2026', link: '/step/s2' },
      ],
    });
    for (const event of [plain, escalation]) await deliverOutboxItem(event.outboxId);
    const { data: lines } = await db().entities.emailDigestLine.query.byUser({ userId: pat.userId }).go();
    expect(lines.map((line) => line.items?.length ?? 0)).toEqual([0, 2]);

    expect(await sendDueDigests(Date.parse('2026-01-20T12:00:00.000Z'))).toBe(1); // 07:00 in New York
    await drain();
    const [digest, ...more] = await emailsTo(ses.url, pat.email);
    expect(more).toHaveLength(0);
    expect(digest.subject).toBe('Your daily digest: 2 notifications');
    const text = digest.body.text ?? '';
    expect(text).toContain('2 overdue steps in Foothills District http://localhost:3000/step/s1');
    expect(text).toContain('– Transcript in Candidacy for Grace Lee, overdue since Jan 10, 2026 http://localhost:3000/step/s1');
    expect(text).toContain('– Interview in Candidacy for Sam Ortiz, overdue since Jan 12, 2026 http://localhost:3000/step/s2');
    // The list follows its line.
    expect(text.indexOf('2 overdue steps')).toBeLessThan(text.indexOf('– Transcript'));
    expect(text.indexOf('A step is ready.')).toBeLessThan(text.indexOf('2 overdue steps'));
  });

  it('more than AUTO_DIGEST_PER_HOUR events in an hour turn the rest into digest lines, one email per event at most', async () => {
    process.env.AUTO_DIGEST_PER_HOUR = '2';
    const pat = await person();
    const sent = [];
    for (const step of ['a', 'b', 'c', 'd']) {
      const event = await notify(pat, `Busy ${step}.`);
      await deliverOutboxItem(event.outboxId);
      sent.push(event);
    }
    await drain();
    expect((await emailsTo(ses.url, pat.email)).map((email) => email.subject)).toEqual(['Busy a.', 'Busy b.']);
    const { data: lines } = await db().entities.emailDigestLine.query.byUser({ userId: pat.userId }).go();
    expect(lines.map((line) => line.text)).toEqual(['Busy c.', 'Busy d.']);

    expect(await sendDueDigests(Date.now(), { all: true })).toBe(1);
    await drain();
    expect((await emailsTo(ses.url, pat.email)).map((email) => email.subject)).toEqual(['Busy a.', 'Busy b.', 'Your daily digest: 2 notifications']);
  });

  it(`caps notification SMS per user per day; a retried item is not counted twice`, async () => {
    process.env.SMS_PER_DAY = '2';
    const pat = await person({ emailNotificationsOptIn: false, smsOptIn: true, isPhoneNumberVerified: true });
    const outcomes = [];
    for (const step of ['a', 'b', 'c']) {
      const event = await notify(pat, `Text ${step}.`, { createdAt: '2026-06-01T16:00:00.000Z' }); // noon in New York
      await deliverOutboxItem(event.outboxId);
      const { data } = await db().entities.outbox.scan.go({ pages: 'all' });
      const sms = data.find((item) => item.kind === 'sms' && (item.payload as { message: string }).message.includes(`Text ${step}.`))!;
      outcomes.push(await deliverOutboxItem(sms.outboxId));
      if (step === 'a') await expect(deliverOutboxItem(sms.outboxId)).resolves.toBe('handled');
    }
    expect(outcomes).toEqual(['sent', 'sent', 'skipped']);
    expect((await smsIn(smsFile, pat.phoneNumber)).map((sms) => sms.message.replace(/ http.*/, ''))).toEqual(['North Georgia Conference: Text a.', 'North Georgia Conference: Text b.']);
    const { data } = await db().entities.outbox.scan.go({ pages: 'all' });
    expect(data.find((item) => item.kind === 'sms' && (item.payload as { message: string }).message.includes('Text c.'))).toMatchObject({ status: 'skipped', skipReason: "the recipient reached today's SMS limit (2)" });
  });

  it("counts the SMS cap by the conference's local day, not the UTC day", async () => {
    process.env.SMS_PER_DAY = '1';
    const pat = await person({ emailNotificationsOptIn: false, smsOptIn: true, isPhoneNumberVerified: true });
    const sendAt = async (text: string, at: string) => {
      const event = await notify(pat, text, { createdAt: at });
      outboxSeams.now = () => Date.parse(at);
      await deliverOutboxItem(event.outboxId);
      return deliverOutboxItem((await smsItemOf(pat, text)).outboxId);
    };
    // 19:00 and 23:30 on June 1 in New York: two UTC days, one local day.
    expect(await sendAt('Evening.', '2026-06-01T23:00:00.000Z')).toBe('sent');
    expect(await sendAt('Late evening.', '2026-06-02T03:30:00.000Z')).toBe('skipped');
    // 00:30 on June 2 in New York, still the UTC day of the one before: a new local day.
    expect(await sendAt('Past midnight.', '2026-06-02T04:30:00.000Z')).toBe('sent');
  });

  it('holds an SMS through quiet hours (21:00-08:00 in the conference time zone) and sends it when they end', async () => {
    const byDefault = `conf-${newId()}`;
    await conference(byDefault, {}); // no settings: America/New_York, 21:00-08:00
    const pat = await person({ emailNotificationsOptIn: false, smsOptIn: true, isPhoneNumberVerified: true }, byDefault);
    const event = await notify(pat, 'Late news.', { createdAt: '2026-01-15T04:00:00.000Z' }); // 23:00 in New York
    outboxSeams.now = () => Date.parse('2026-01-15T04:00:01.000Z');
    await deliverOutboxItem(event.outboxId);
    const sms = await smsItemOf(pat);
    expect(sms.notBefore).toBe(Date.parse('2026-01-15T13:00:00.000Z')); // 08:00 in New York

    expect(await deliverOutboxItem(sms.outboxId)).toBe('held');
    outboxSeams.now = () => Date.parse('2026-01-15T12:59:00.000Z');
    await deliverPendingOutbox(100);
    expect(await smsIn(smsFile, pat.phoneNumber)).toHaveLength(0);

    outboxSeams.now = () => Date.parse('2026-01-15T13:00:00.000Z');
    await deliverPendingOutbox(100);
    expect(await smsIn(smsFile, pat.phoneNumber)).toHaveLength(1);
    expect(await outboxItem(sms.outboxId)).toMatchObject({ status: 'sent' });
  });

  it("follows the conference's own quiet hours and time zone, to the minute", async () => {
    const pacific = `conf-${newId()}`;
    await conference(pacific, { timeZone: 'America/Los_Angeles', quietHoursStart: '22:30', quietHoursEnd: '06:15' });
    const pat = await person({ emailNotificationsOptIn: false, smsOptIn: true, isPhoneNumberVerified: true }, pacific);
    // 22:29 in Los Angeles: before the hours start, it goes at once.
    const early = await notify(pat, 'Just in time.', { createdAt: '2026-01-15T06:29:00.000Z' });
    await deliverOutboxItem(early.outboxId);
    expect((await smsItemOf(pat, 'Just in time.')).notBefore).toBeUndefined();
    // 22:30: held until 06:15 there, 14:15 UTC.
    const late = await notify(pat, 'Too late.', { createdAt: '2026-01-15T06:30:00.000Z' });
    await deliverOutboxItem(late.outboxId);
    expect((await smsItemOf(pat, 'Too late.')).notBefore).toBe(Date.parse('2026-01-15T14:15:00.000Z'));
  });
});

/** The SMS item fan-out made for `who` (the one carrying `text`, if given). */
async function smsItemOf(who: Person, text?: string) {
  const { data } = await db().entities.outbox.scan.go({ pages: 'all' });
  const payloadOf = (item: (typeof data)[number]) => item.payload as { userId?: string; message: string };
  return data.find((item) => item.kind === 'sms' && payloadOf(item).userId === who.userId && (!text || payloadOf(item).message.includes(text)))!;
}

describe('unsubscribe link', () => {
  it('turns email notifications off for its own user and address only; a tampered or old-address token changes nothing', async () => {
    const pat = await person();
    const event = await notify(pat, 'Has a link.');
    await deliverOutboxItem(event.outboxId);
    await drain();
    const [email] = await emailsTo(ses.url, pat.email, 'Has a link.');
    const token = new URL(/http:\/\/\S+unsubscribe\?token=\S+/.exec(email.body.text!)![0]).searchParams.get('token')!;

    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await unsubscribe(tampered)).toBe(false);
    const other = await person();
    expect(await unsubscribe(`${Buffer.from(other.userId).toString('base64url')}.${token.split('.')[1]}`)).toBe(false);
    expect((await db().entities.user.get({ userId: other.userId }).go()).data?.emailNotificationsOptIn).toBe(true);

    expect(await unsubscribe(token)).toBe(true);
    const after = (await db().entities.user.get({ userId: pat.userId }).go()).data!;
    expect(after).toMatchObject({ emailNotificationsOptIn: false, version: 2 });

    // After an email change the old address's links stop working.
    await db().entities.user.patch({ userId: pat.userId }).set({ email: `new-${pat.email}`, emailNotificationsOptIn: true }).go();
    expect(await unsubscribe(token)).toBe(false);
    expect((await db().entities.user.get({ userId: pat.userId }).go()).data?.emailNotificationsOptIn).toBe(true);
  });
});

describe('request counts (docs/notifications.md, cost)', () => {
  it('one event to a user with email and SMS on: the bell, the email and the SMS each take a bounded, known number of requests', async () => {
    const pat = await person({ smsOptIn: true, isPhoneNumberVerified: true });
    const event = await notify(pat, 'Counted.');
    const bell = await withCountedRequests(() => deliverOutboxItem(event.outboxId));
    const { data } = await db().entities.outbox.scan.go({ pages: 'all' });
    const smsId = data.find((item) => item.kind === 'sms' && (item.payload as { userId?: string }).userId === pat.userId)!.outboxId;
    const email = await withCountedRequests(() => deliverOutboxItem(event.emailId));
    const sms = await withCountedRequests(() => deliverOutboxItem(smsId));
    const figures = { bell: bell.counted.byCommand, email: email.counted.byCommand, sms: sms.counted.byCommand };
    // bell: claim, inbox transaction, fan-out (aggregate, conference, suppression, busy hour, email and SMS items), finish
    // email: claim, suppression, the address's owner (claim and user), hand-off, finish; SMS: claim, user, day's count, hand-off, finish
    expect(figures).toEqual({
      bell: { UpdateItemCommand: 2, TransactWriteItemsCommand: 3, QueryCommand: 2, GetItemCommand: 2 },
      email: { UpdateItemCommand: 3, GetItemCommand: 3 },
      sms: { UpdateItemCommand: 4, GetItemCommand: 1 },
    });
  });
});
