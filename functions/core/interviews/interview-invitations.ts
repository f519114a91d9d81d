import { INTERVIEW_MESSAGES, type CancelInterview, type ConfirmInterview, type InterviewPage } from '../../../shared/schemas/panel-interview';
import { deterministicId } from '../../db/ids';
import { transact, type TransactionWrite } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { config } from '../../lib/config';
import { appLink } from '../../lib/email/email-content';
import { ValidationError } from '../../lib/errors';
import { localDateTimeText } from '../../lib/zoned-time';
import { stepInstanceLink } from '../outbox/instance-events';
import { enrolmentEntry } from '../records/enrolment-records';
import type { Caller } from '../step-work/step-load';
import { calendarInvitation, type CalendarInvitation } from './ics';
import { invitedOf, type InterviewItem, type LoadedInterview } from './interview-load';
import { interviewPage } from './interview-view';
import { candidateName, interviewKey, interviewName, loadForChairWrite } from './interview-writes';

type Confirmed = NonNullable<InterviewItem['confirmed']>;
type Invited = ReturnType<typeof invitedOf>[number];

const DAY_MS = 86_400_000;
const whereText = (c: Confirmed) => [c.place, c.videoLink && `video: ${c.videoLink}`].filter(Boolean).join(', ');

/** How one person reads the news: the candidate about their own interview, the panel about the candidate's. */
function messageFor(loaded: LoadedInterview, person: Invited, news: string): string {
  return person.userId === loaded.instance.participantId ? `Your ${interviewName(loaded)} ${news}` : `${candidateName(loaded)}'s ${interviewName(loaded)} ${news}`;
}

/**
 * One notification per person invited, the chair included (they want the event in their calendar
 * too), each carrying that person's calendar invitation: their delivery sends the email with the
 * `.ics` attached (never in a digest), and the SMS they chose, in the outbox's one way.
 */
function invitationWrites(loaded: LoadedInterview, event: Omit<CalendarInvitation, 'attendee' | 'organizer' | 'summary' | 'description' | 'url'>, confirmed: Confirmed, news: string): TransactionWrite[] {
  const link = stepInstanceLink(loaded.item.stepInstanceId);
  const url = appLink(config.appUrl, link);
  const chair = loaded.group.members.find((m) => m.userId === loaded.group.group.chairId)!;
  const when = localDateTimeText(confirmed.start, loaded.timeZone);
  const description = [`When: ${when}`, confirmed.place && `Where: ${confirmed.place}`, confirmed.videoLink && `Video: ${confirmed.videoLink}`, `Step: ${url}`].filter(Boolean).join('\n');
  return invitedOf(loaded).map((person): TransactionWrite => {
    const ics = calendarInvitation({
      ...event,
      summary: `${interviewName(loaded)}: ${candidateName(loaded)}`,
      description,
      url,
      organizer: { name: `${chair.user.firstName} ${chair.user.lastName}`, email: chair.user.email },
      attendee: { name: `${person.firstName} ${person.lastName}`, email: person.email },
    });
    const payload = { userId: person.userId, message: messageFor(loaded, person, news), link, calendar: { method: event.method, ics } };
    return (tx) => tx.outbox.create({ outboxId: deterministicId(Date.parse(event.stamp), event.uid, String(event.sequence), event.method, person.userId), kind: 'notification', payload }).commit();
  });
}

/** The day-before reminders, held until then (none when the interview is less than a day away): one for the panel, one for the candidate. */
function reminderWrites(loaded: LoadedInterview, interview: InterviewItem, sequence: number, confirmed: Confirmed): TransactionWrite[] {
  const notBefore = Date.parse(confirmed.start) - DAY_MS;
  if (notBefore <= Date.now()) return [];
  const news = `is tomorrow, ${localDateTimeText(confirmed.start, loaded.timeZone)} (${whereText(confirmed)}).`;
  const invited = invitedOf(loaded);
  const groups = [invited.filter((p) => p.userId !== loaded.instance.participantId), invited.filter((p) => p.userId === loaded.instance.participantId)].filter((g) => g.length);
  return groups.map((people, index): TransactionWrite => {
    const payload = {
      ...interviewKey(loaded), sequence, recipientIds: people.map((p) => p.userId),
      message: `Reminder: ${messageFor(loaded, people[0], news)}`, link: stepInstanceLink(loaded.item.stepInstanceId),
    };
    // The id sorts at the hold's end, where the sweep's pending Query reaches it.
    return (tx) => tx.outbox.create({ outboxId: deterministicId(notBefore, interview.interviewId, String(sequence), String(index)), kind: 'interviewReminder', payload, notBefore }).commit();
  });
}

const calendarUid = (interview: InterviewItem) => `${interview.interviewId}@${new URL(config.appUrl).hostname}`;

/**
 * `POST .../interview/confirm`: the chair confirms one proposed time with a place or a video link,
 * on the interview's version. The first confirmation invites (SEQUENCE 0); a later one moves the
 * event (same UID, SEQUENCE + 1); one after a cancel and new times invites again (same UID, SEQUENCE + 1). One transaction: the interview, an invitation for each person
 * (at most 41), the reminders and the History.
 */
export async function confirmInterview(auth: Caller, actionInstanceId: string, input: ConfirmInterview): Promise<InterviewPage> {
  const loaded = await loadForChairWrite(auth, actionInstanceId, input.version);
  const { interview } = loaded;
  const slot = interview.slots.find((s) => s.slotId === input.slotId);
  if (!slot) throw new ValidationError({ slotId: [INTERVIEW_MESSAGES.unknownSlot] });
  if (Date.parse(slot.start) <= Date.now()) throw new ValidationError({ slotId: [INTERVIEW_MESSAGES.slotsInFuture] });
  // Moved: another time of a confirmed interview. Once the UID has been sent (also in a cancellation), every
  // later message needs a higher SEQUENCE: an interview scheduled again after a cancel is confirmed anew at the next one.
  const moved = interview.status === 'confirmed';
  const sequence = interview.invitationSent ? interview.sequence + 1 : interview.sequence;
  const confirmed: Confirmed = { slotId: slot.slotId, start: slot.start, end: slot.end, place: input.place, videoLink: input.videoLink };
  const stamp = new Date().toISOString();
  const when = localDateTimeText(slot.start, loaded.timeZone);
  const news = `${moved ? 'is moved to' : 'is confirmed for'} ${when} (${whereText(confirmed)}).`;
  await transact([
    (tx) => tx.panelInterview.patch(interviewKey(loaded)).set({ status: 'confirmed', confirmed, sequence, invitationSent: true }).add({ version: 1 }).where(ifVersion(interview.version)).commit(),
    ...invitationWrites(loaded, { method: 'REQUEST', uid: calendarUid(interview), sequence, start: slot.start, end: slot.end, stamp, location: [input.place, input.videoLink].filter(Boolean).join(' · ') || undefined }, confirmed, news),
    ...reminderWrites(loaded, interview, sequence, confirmed),
    enrolmentEntry(auth, loaded.instance, moved ? 'enrolment.interview.moved' : 'enrolment.interview.confirmed', 'actions', [
      { field: `${loaded.design.step.name} interview`, ...(interview.confirmed ? { before: `${localDateTimeText(interview.confirmed.start, loaded.timeZone)} (${whereText(interview.confirmed)})` } : {}), after: `${when} (${whereText(confirmed)})` },
    ]),
  ]);
  return interviewPage(auth, { ...loaded, interview: { ...interview, status: 'confirmed', confirmed, sequence, invitationSent: true, version: interview.version + 1, updatedAt: stamp } });
}

/**
 * `POST .../interview/cancel`: the chair cancels with a reason, on the interview's version. Once
 * invited, everyone gets the cancellation under the same UID (SEQUENCE + 1); the held reminders
 * find the interview cancelled and are skipped. Proposing times again schedules it anew.
 */
export async function cancelInterview(auth: Caller, actionInstanceId: string, input: CancelInterview): Promise<InterviewPage> {
  const loaded = await loadForChairWrite(auth, actionInstanceId, input.version);
  const { interview } = loaded;
  const sequence = interview.invitationSent ? interview.sequence + 1 : interview.sequence;
  const stamp = new Date().toISOString();
  const news = `is cancelled: ${input.reason}`;
  const link = stepInstanceLink(loaded.item.stepInstanceId);
  const confirmed = interview.confirmed;
  const notices: TransactionWrite[] = confirmed
    ? invitationWrites(loaded, { method: 'CANCEL', uid: calendarUid(interview), sequence, start: confirmed.start, end: confirmed.end, stamp }, confirmed, news)
    : invitedOf(loaded)
        .filter((p) => p.userId !== auth.userId)
        .map((person): TransactionWrite => (tx) => tx.outbox.create({ outboxId: deterministicId(Date.parse(stamp), interview.interviewId, 'cancel', person.userId), kind: 'notification', payload: { userId: person.userId, message: messageFor(loaded, person, news), link } }).commit());
  await transact([
    (tx) => tx.panelInterview.patch(interviewKey(loaded)).set({ status: 'cancelled', cancelReason: input.reason, sequence }).remove(['confirmed']).add({ version: 1 }).where(ifVersion(interview.version)).commit(),
    ...notices,
    enrolmentEntry(auth, loaded.instance, 'enrolment.interview.cancelled', 'actions', [{ field: `${loaded.design.step.name} interview`, before: interview.status, after: `cancelled (${input.reason})` }]),
  ]);
  const { confirmed: _dropped, ...rest } = interview;
  return interviewPage(auth, { ...loaded, interview: { ...rest, status: 'cancelled', cancelReason: input.reason, sequence, version: interview.version + 1, updatedAt: stamp } });
}
