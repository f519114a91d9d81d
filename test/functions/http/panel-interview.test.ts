import { handler as steps } from '../../../functions/http/step/handler';
import { handler as groups } from '../../../functions/http/user-group/handler';
import { DEMO_INSTANCE_IDS as ids } from '../../../functions/db/seed/demo-tracks';
import { DEMO_LOCATION_IDS as places } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { deliverOutboxItem, outboxSeams } from '../../../functions/events/outbox-delivery';
import { emailItemId } from '../../../functions/events/outbox-fanout';
import { startLocalSes, type LocalSes } from '../../../bin/local/ses-local';
import { freePort } from '../../../bin/local/ports';
import { INTERVIEW_MESSAGES, type InterviewPage } from '../../../shared/schemas/panel-interview';
import { instantOfLocal } from '../../../functions/lib/zoned-time';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { entriesOf } from '../../support/audit-entries';
import { withCountedRequests } from '../../support/dynamo';
import { outboxItem } from '../../support/outbox-harness';

/**
 * Panel interviews (issue 26, item 3) through the routes: the call-story approval becomes a
 * Committee Vote of a panel of five (a chair and four members); the chair proposes times, the
 * panel and the candidate answer, the chair confirms, moves and cancels; each invitation reaches
 * the local SES stand-in with its calendar file, and the day-before reminder goes once, only for
 * the time still confirmed.
 */
const ACTION = 'demo-action-instance-call-story';
const PARTICIPANT = 'participant@example.org';
const ADMIN = 'conference.admin@example.org';
const ZONE = 'America/New_York';

let ses: LocalSes;
let chair: string;
let members: string[];
let outsider: string;
let participantId: string;

const cookies = new Map<string, string>();
const cookieOf = async (userId: string) => cookies.get(userId) ?? cookies.set(userId, await cookieForUser(userId)).get(userId)!;
const get = async (userId: string) => invoke(steps, `/api/step/instance/action/${ACTION}/interview`, { cookie: await cookieOf(userId) });
const post = async (userId: string, verb: string, body: unknown) => invoke(steps, `/api/step/instance/action/${ACTION}/interview/${verb}`, { method: 'POST', body, cookie: await cookieOf(userId) });
const pageOf = async (userId: string) => (await get(userId)).body as InterviewPage;

/** A wall-clock time `days` from now at `hour`:00, as a date-time field gives it. */
function localIn(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

/** The pending outbox items of one kind this file's writes made (the table is this file's own). */
async function pending(kind: string) {
  const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
  return data.filter((item) => item.kind === kind);
}

async function invitations() {
  return (await pending('notification')).filter((item) => (item.payload as { calendar?: unknown }).calendar) as Array<{ outboxId: string; createdAt: string; payload: { userId: string; message: string; calendar: { method: string; ics: string } } }>;
}

/** Delivers each invitation and then the email it made; returns the emails' payloads. */
async function deliverInvitations() {
  const items = await invitations();
  for (const item of items) {
    expect(await deliverOutboxItem(item.outboxId)).toBe('sent');
    expect(await deliverOutboxItem(emailItemId({ outboxId: item.outboxId, at: Date.parse(item.createdAt) }))).toBe('sent');
  }
  return items;
}

async function storedEmails(address: string) {
  const store = (await (await fetch(`${ses.url}/store`)).json()) as { emails: Array<{ subject: string; destination: { to: string[] }; attachments: Array<{ filename: string; contentType: string; content: string }> }> };
  return store.emails.filter((e) => e.destination.to.includes(address));
}

const field = (ics: string, name: string) => ics.replace(/\r\n /g, '').split('\r\n').find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

beforeAll(async () => {
  ses = await startLocalSes(await freePort());
  process.env.SES_ENDPOINT = ses.url;
  await seedDemo();
  participantId = demoUser(PARTICIPANT).id;
  const interviewer = (firstName: string, lastName: string) => putTestUser({ firstName, lastName, locationId: places.conference1, role: 'Interviewer' });
  chair = await interviewer('Clara', 'Chair');
  members = [await interviewer('Ann', 'Able'), await interviewer('Ben', 'Baker'), await interviewer('Cy', 'Cole'), await interviewer('Di', 'Dunn')];
  outsider = await interviewer('Otto', 'Outsider');
  const admin = await cookieFor(ADMIN);
  const group = await invoke(groups, '/api/user-group', {
    method: 'POST', cookie: admin,
    body: { trackTemplateId: ids.trackTemplate, name: 'District Committee', description: '', conferenceId: places.conference1, users: [chair, ...members].map((id) => ({ id })), chairId: chair },
  });
  expect(group.status).toBe(201);
  const current = (await invoke(steps, `/api/step/step-template/${ids.callStoryTemplate}`, { cookie: admin })).body;
  const saved = await invoke(steps, '/api/step/update-step-template', {
    method: 'POST', cookie: admin,
    body: { ...current, attachments: [], actions: [{ id: current.actions[0].id, name: 'Committee vote', roleId: current.actions[0].roleId, type: 'Committee Vote', vote: { userGroupId: group.body.id, quorum: 3, majority: 'simple', base: 'cast' } }] },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await ses?.stop();
});

const realSeams = { ...outboxSeams };
afterEach(() => Object.assign(outboxSeams, realSeams));

describe('proposing times', () => {
  it('shows nothing is proposed yet to those who see the step, refuses those who do not, and lets only the chair propose', async () => {
    expect(await pageOf(chair)).toEqual({ interview: null, timeZone: ZONE, isChair: true, canMark: false, schedulable: true });
    expect(await pageOf(participantId)).toMatchObject({ interview: null, isChair: false });
    expect((await get(outsider)).status).toBe(403);
    const byMember = await post(members[0], 'propose', { slots: [{ start: localIn(10, 10), minutes: 60 }] });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe(INTERVIEW_MESSAGES.onlyChair);
    const byOutsider = await post(outsider, 'propose', { slots: [{ start: localIn(10, 10), minutes: 60 }] });
    expect(byOutsider.status).toBe(403);
    expect(byOutsider.body.message).not.toBe(INTERVIEW_MESSAGES.onlyChair);
  });

  it('refuses bad times by their field and loses nothing', async () => {
    const past = await post(chair, 'propose', { slots: [{ start: localIn(5, 10), minutes: 60 }, { start: localIn(-1, 10), minutes: 60 }] });
    expect(past.status).toBe(400);
    expect(past.body.fieldErrors).toEqual({ 'slots.1.start': [INTERVIEW_MESSAGES.slotsInFuture] });
    const tooMany = await post(chair, 'propose', { slots: Array.from({ length: 9 }, (_, i) => ({ start: localIn(10 + i, 10), minutes: 60 })) });
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.fieldErrors)).toEqual(['slots']);
    const twice = await post(chair, 'propose', { slots: [{ start: localIn(10, 10), minutes: 60 }, { start: localIn(10, 10), minutes: 30 }] });
    expect(twice.body.fieldErrors).toEqual({ slots: [INTERVIEW_MESSAGES.distinctSlots] });
    const short = await post(chair, 'propose', { slots: [{ start: 'tomorrow', minutes: 5 }] });
    expect(Object.keys(short.body.fieldErrors).sort()).toEqual(['slots.0.minutes', 'slots.0.start']);
    expect((await pageOf(chair)).interview).toBeNull();
  });

  it("stores the chair's wall-clock times in the conference's zone as instants and asks the panel and the candidate", async () => {
    const { result, requests } = await withCountedRequests(() => post(chair, 'propose', { slots: [{ start: localIn(12, 14), minutes: 90 }, { start: localIn(10, 9), minutes: 60 }] }));
    if (process.env.REPORT_INTERVIEW_COST) console.info('propose', requests);
    expect(result.status).toBe(200);
    const { interview } = result.body as InterviewPage;
    expect(interview!.status).toBe('proposed');
    // In order of time, each an instant of the conference's clock.
    expect(interview!.slots.map((s) => s.start)).toEqual([new Date(instantOfLocal(localIn(10, 9), ZONE)).toISOString(), new Date(instantOfLocal(localIn(12, 14), ZONE)).toISOString()]);
    expect(Date.parse(interview!.slots[1].end) - Date.parse(interview!.slots[1].start)).toBe(90 * 60_000);
    expect(interview!.waitingFor!.map((p) => p.id).sort()).toEqual([chair, ...members, participantId].sort());
    const asked = (await pending('notification')).map((item) => item.payload as { userId: string; message: string });
    for (const userId of [...members, participantId]) expect(asked.some((n) => n.userId === userId && n.message.includes('mark the ones you can attend'))).toBe(true);
    expect(asked.some((n) => n.userId === chair && n.message.includes('mark the ones'))).toBe(false);
    expect(asked.find((n) => n.userId === participantId && n.message.includes('mark'))!.message).toMatch(/^Times are proposed for your /);
    expect((await entriesOf(`TrackInstance#${ids.trackInstance}`)).map((e) => e.action)).toContain('enrolment.interview.proposed');
  });
});

describe('answering', () => {
  it('takes every answer given at once, shows the panel who can attend, and the candidate only their own', async () => {
    const { interview } = await pageOf(chair);
    const [early, late] = interview!.slots;
    const answers = await Promise.all([
      ...members.map((userId, i) => post(userId, 'availability', { slotIds: i % 2 ? [late.id] : [early.id, late.id] })),
      post(participantId, 'availability', { slotIds: [early.id] }),
      post(chair, 'availability', { slotIds: [early.id] }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const seen = await pageOf(chair);
    expect(seen.interview).toMatchObject({ answered: 6, invited: 6, waitingFor: [] });
    expect(seen.interview!.slots[0].available!.map((p) => p.id).sort()).toEqual([chair, members[0], members[2], participantId].sort());
    expect(seen.interview!.slots[1].available).toHaveLength(4);
    const member = await pageOf(members[1]);
    expect(member).toMatchObject({ isChair: false, canMark: true });
    expect(member.interview).toMatchObject({ waitingFor: null, answered: 6 });
    expect(member.interview!.slots.map((s) => s.mine)).toEqual([false, true]);
    const candidate = await pageOf(participantId);
    expect(candidate.canMark).toBe(true);
    expect(candidate.interview).toMatchObject({ answered: null, invited: null, waitingFor: null });
    expect(candidate.interview!.slots.map((s) => [s.mine, s.available])).toEqual([[true, null], [false, null]]);
  });

  it('refuses an unknown time and anyone not invited', async () => {
    const unknown = await post(members[0], 'availability', { slotIds: ['no-such-slot'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({ 'slotIds.0': [INTERVIEW_MESSAGES.unknownSlot] });
    expect((await post(outsider, 'availability', { slotIds: [] })).status).toBe(403);
    // The advisor sees the step (and who can attend) but is not on the panel.
    const advisor = demoUser('advisor@example.org').id;
    expect((await pageOf(advisor)).interview!.slots[0].available).toHaveLength(4);
    const notInvited = await post(advisor, 'availability', { slotIds: [] });
    expect(notInvited.status).toBe(403);
    expect(notInvited.body.message).toBe(INTERVIEW_MESSAGES.notInvited);
  });
});

describe('confirming, moving and cancelling', () => {
  let uid: string;

  it('confirms on the current version with a place or a link, inviting everyone with a calendar file in the email', async () => {
    const { interview } = await pageOf(chair);
    const early = interview!.slots[0];
    expect((await post(chair, 'confirm', { slotId: early.id, version: interview!.version })).body.fieldErrors).toEqual({ place: [INTERVIEW_MESSAGES.placeOrLink] });
    expect((await post(chair, 'confirm', { slotId: early.id, videoLink: 'http://meet.example.org/x', version: interview!.version })).body.fieldErrors).toEqual({ videoLink: ['A video link must start with https://.'] });
    expect((await post(chair, 'confirm', { slotId: early.id, place: 'Room 1', version: interview!.version + 5 })).status).toBe(409);
    expect((await post(members[0], 'confirm', { slotId: early.id, place: 'Room 1', version: interview!.version })).status).toBe(403);
    const { result, requests } = await withCountedRequests(() => post(chair, 'confirm', { slotId: early.id, place: 'Wesley Hall, Room 2', videoLink: 'https://meet.example.org/panel', version: interview!.version }));
    if (process.env.REPORT_INTERVIEW_COST) console.info('confirm', requests);
    expect(result.status).toBe(200);
    expect((result.body as InterviewPage).interview).toMatchObject({ status: 'confirmed', confirmed: { slotId: early.id, place: 'Wesley Hall, Room 2', videoLink: 'https://meet.example.org/panel' } });

    const sent = await deliverInvitations();
    expect(sent.map((i) => i.payload.userId).sort()).toEqual([chair, ...members, participantId].sort());
    const ics = sent.find((i) => i.payload.userId === participantId)!.payload.calendar.ics;
    expect(field(ics, 'METHOD')).toBe('METHOD:REQUEST');
    expect(field(ics, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(field(ics, 'DTSTART')).toBe(`DTSTART:${early.start.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(field(ics, 'LOCATION')).toBe('LOCATION:Wesley Hall\\, Room 2 · https://meet.example.org/panel');
    expect(field(ics, 'ATTENDEE')).toContain(`mailto:${PARTICIPANT}`);
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    uid = field(ics, 'UID')!;

    const [email] = await storedEmails(PARTICIPANT);
    expect(email.subject).toMatch(/^Your Share your call story interview with the District Committee is confirmed for /);
    expect(email.attachments).toEqual([expect.objectContaining({ filename: 'invite.ics', contentType: expect.stringContaining('text/calendar') })]);
    expect(Buffer.from(email.attachments[0].content, 'base64').toString('utf8')).toBe(ics);
    expect((await entriesOf(`TrackInstance#${ids.trackInstance}`)).map((e) => e.action)).toContain('enrolment.interview.confirmed');
  });

  it('moves to another time under the same UID with a higher SEQUENCE; only the latest reminder goes, once', async () => {
    const { interview } = await pageOf(chair);
    const late = interview!.slots[1];
    const reminderBefore = await pending('interviewReminder');
    expect(reminderBefore).toHaveLength(2);
    expect(reminderBefore.every((r) => r.notBefore === Date.parse(interview!.slots[0].start) - 86_400_000)).toBe(true);
    expect((await post(chair, 'confirm', { slotId: late.id, place: 'Wesley Hall, Room 2', version: interview!.version })).status).toBe(200);
    const moved = await deliverInvitations();
    const ics = moved.find((i) => i.payload.userId === members[0])!.payload.calendar.ics;
    expect(field(ics, 'UID')).toBe(uid);
    expect(field(ics, 'SEQUENCE')).toBe('SEQUENCE:1');
    expect(moved[0].payload.message).toContain('is moved to');

    // The day before the first time: its reminders find the interview moved and are skipped.
    outboxSeams.now = () => Date.parse(interview!.slots[0].start) - 86_400_000 + 1000;
    for (const reminder of reminderBefore) expect(await deliverOutboxItem(reminder.outboxId)).toBe('skipped');
    // The day before the new time: the panel and the candidate are reminded, once.
    const latest = (await pending('interviewReminder'));
    expect(latest).toHaveLength(2);
    outboxSeams.now = () => Date.parse(late.start) - 86_400_000 + 1000;
    const before = (await pending('notification')).length;
    for (const reminder of latest) expect(await deliverOutboxItem(reminder.outboxId)).toBe('sent');
    for (const reminder of latest) expect(await deliverOutboxItem(reminder.outboxId)).toBe('handled');
    const reminders = (await pending('notification')).map((n) => n.payload as { userId: string; message: string }).filter((n) => n.message.startsWith('Reminder: '));
    expect(reminders.map((n) => n.userId).sort()).toEqual([chair, ...members, participantId].sort());
    expect((await pending('notification')).length).toBe(before + 6);
    expect(reminders.find((n) => n.userId === participantId)!.message).toMatch(/^Reminder: Your Share your call story interview .* is tomorrow/);
  });

  it('cancels with a reason under the same UID; the candidate is told and nothing else is sent', async () => {
    const { interview } = await pageOf(chair);
    expect((await post(chair, 'cancel', { reason: ' ', version: interview!.version })).body.fieldErrors).toEqual({ reason: ['A reason is required.'] });
    const cancelled = await post(chair, 'cancel', { reason: 'The chair is ill.', version: interview!.version });
    expect(cancelled.status).toBe(200);
    expect((cancelled.body as InterviewPage).interview).toMatchObject({ status: 'cancelled', cancelReason: 'The chair is ill.', confirmed: null });
    const sent = await deliverInvitations();
    const ics = sent.find((i) => i.payload.userId === participantId)!.payload.calendar.ics;
    expect(field(ics, 'METHOD')).toBe('METHOD:CANCEL');
    expect(field(ics, 'STATUS')).toBe('STATUS:CANCELLED');
    expect(field(ics, 'UID')).toBe(uid);
    expect(field(ics, 'SEQUENCE')).toBe('SEQUENCE:2');
    const emails = await storedEmails(PARTICIPANT);
    expect(emails.at(-1)!.attachments[0].filename).toBe('cancelled.ics');
    expect((await post(members[0], 'availability', { slotIds: [] })).body.message).toBe(INTERVIEW_MESSAGES.cancelled);
    expect((await outboxItem((await invitations())[0]?.outboxId ?? 'none'))).toBeNull();
  });

  it('schedules the cancelled interview again: new times, then a confirmation (not a move) under the same UID, above the cancellation', async () => {
    const { interview } = await pageOf(chair);
    const proposed = await post(chair, 'propose', { slots: [{ start: localIn(20, 10), minutes: 60 }], version: interview!.version });
    expect(proposed.status).toBe(200);
    const again = (proposed.body as InterviewPage).interview!;
    expect(again.status).toBe('proposed');
    expect((await post(chair, 'confirm', { slotId: again.slots[0].id, place: 'Wesley Hall, Room 3', version: again.version })).status).toBe(200);
    const sent = await deliverInvitations();
    const mine = sent.find((i) => i.payload.userId === participantId)!;
    expect(mine.payload.message).toContain('is confirmed for');
    expect(field(mine.payload.calendar.ics, 'METHOD')).toBe('METHOD:REQUEST');
    expect(field(mine.payload.calendar.ics, 'UID')).toBe(uid);
    expect(field(mine.payload.calendar.ics, 'SEQUENCE')).toBe('SEQUENCE:3');
    expect((await entriesOf(`TrackInstance#${ids.trackInstance}`)).filter((e) => e.action === 'enrolment.interview.confirmed')).toHaveLength(2);
  });
});
