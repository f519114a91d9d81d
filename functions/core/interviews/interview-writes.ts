import { INTERVIEW_MESSAGES, type AvailabilityInput, type InterviewPage, type ProposeSlots } from '../../../shared/schemas/panel-interview';
import { VOTE_NEEDS_CHAIR } from '../../../shared/schemas/committee-vote';
import { newId } from '../../db/ids';
import { transact } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { ConflictError, ForbiddenError, StaleVersionError, ValidationError } from '../../lib/errors';
import { instantOfLocal, localDateTimeText } from '../../lib/zoned-time';
import { eventWrites, stepInstanceLink } from '../outbox/instance-events';
import { enrolmentEntry } from '../records/enrolment-records';
import type { Caller } from '../step-work/step-load';
import { invitedOf, isChairOf, isSchedulable, loadInterview, type InterviewItem, type LoadedInterview } from './interview-load';
import { interviewPage } from './interview-view';

export const candidateName = ({ instance }: LoadedInterview) => `${instance.participant.firstName} ${instance.participant.lastName}`;
/** "Readiness interview with the Candidacy Interview Panel": how messages name the interview (a step named "... interview" is not said twice). */
export function interviewName(loaded: LoadedInterview): string {
  const step = loaded.design.step.name;
  return `${/interview$/i.test(step) ? step : `${step} interview`} with the ${loaded.group.group.name}`;
}

/** The chair's writes: the group's chair, while the interview may still be scheduled. */
export function requireChairToSchedule(auth: Caller, loaded: LoadedInterview): void {
  if (!loaded.group.group.chairId) throw new ConflictError(VOTE_NEEDS_CHAIR);
  if (!isChairOf(auth, loaded)) throw new ForbiddenError(INTERVIEW_MESSAGES.onlyChair);
  if (!isSchedulable(loaded)) throw new ConflictError(INTERVIEW_MESSAGES.voteClosed);
}

/** The interview's version, when it exists: a write on another is stale (409). */
export function requireVersion(interview: InterviewItem | null, version: number | undefined): void {
  if (interview && interview.version !== version) throw new StaleVersionError(undefined, interview.version);
}

/** The interview's key (and its answers' partition): the vote action's. */
export const interviewKey = (loaded: LoadedInterview) => ({ trackInstanceId: loaded.item.trackInstanceId, actionInstanceId: loaded.item.actionInstanceId });

/**
 * The chair's writes on a scheduled interview (confirm, cancel): loaded, the caller its chair, the
 * interview proposed and not cancelled, on the version read.
 */
export async function loadForChairWrite(auth: Caller, actionInstanceId: string, version: number): Promise<LoadedInterview & { interview: InterviewItem }> {
  const loaded = await loadInterview(auth, actionInstanceId);
  requireChairToSchedule(auth, loaded);
  const { interview } = loaded;
  if (!interview) throw new ConflictError(INTERVIEW_MESSAGES.noInterview);
  requireVersion(interview, version);
  if (interview.status === 'cancelled') throw new ConflictError(INTERVIEW_MESSAGES.cancelled);
  return { ...loaded, interview };
}

/** The proposed times as instants, in order; a time that is not in the future is refused by its field. */
function slotsOf(input: ProposeSlots, timeZone: string, now: number): InterviewItem['slots'] {
  const errors: Record<string, string[]> = {};
  const slots = input.slots.map((slot, index) => {
    const start = instantOfLocal(slot.start, timeZone);
    if (start <= now) errors[`slots.${index}.start`] = [INTERVIEW_MESSAGES.slotsInFuture];
    return { slotId: newId(), start: new Date(start).toISOString(), end: new Date(start + slot.minutes * 60_000).toISOString() };
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return slots.sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * `POST .../interview/propose`: the chair's times replace any earlier ones (earlier answers stop
 * counting); a confirmed interview stays confirmed until another time is confirmed, a cancelled
 * one is being scheduled again. One transaction: the interview (on its version), a notification
 * for everyone invited but the chair, and the enrolment's History.
 */
export async function proposeInterview(auth: Caller, actionInstanceId: string, input: ProposeSlots): Promise<InterviewPage> {
  const loaded = await loadInterview(auth, actionInstanceId);
  requireChairToSchedule(auth, loaded);
  const { interview, timeZone, item, instance } = loaded;
  requireVersion(interview, input.version);
  const slots = slotsOf(input, timeZone, Date.now());
  const now = new Date().toISOString();
  const proposalId = newId();
  const status = interview?.status === 'confirmed' ? 'confirmed' : 'proposed';
  const next: InterviewItem = interview
    ? { ...interview, slots, proposalId, status, timeZone, updatedAt: now, version: interview.version + 1 }
    : {
        ...interviewKey(loaded), interviewId: newId(), stepInstanceId: item.stepInstanceId, userGroupId: loaded.group.group.userGroupId,
        status, timeZone, proposalId, slots, sequence: 0, createdAt: now, updatedAt: now, version: 1,
      };
  if (next.status !== 'cancelled') delete next.cancelReason;
  const link = stepInstanceLink(item.stepInstanceId);
  const panel = invitedOf(loaded).filter((p) => p.userId !== instance.participantId).map((p) => p.userId);
  const times = slots.map((s) => localDateTimeText(s.start, timeZone)).join('; ');
  await transact([
    (tx) =>
      interview
        ? tx.panelInterview.patch(interviewKey(loaded)).set({ slots, proposalId, status, timeZone }).remove(['cancelReason']).add({ version: 1 }).where(ifVersion(interview.version)).commit()
        : tx.panelInterview.create(next).commit(),
    ...eventWrites({ recipientIds: panel, actorId: auth.userId, message: `Times are proposed for ${candidateName(loaded)}'s ${interviewName(loaded)}: mark the ones you can attend.`, link }),
    ...eventWrites({ recipientIds: [instance.participantId], actorId: auth.userId, message: `Times are proposed for your ${interviewName(loaded)}: mark the ones you can attend.`, link }),
    enrolmentEntry(auth, instance, 'enrolment.interview.proposed', 'actions', [{ field: `${loaded.design.step.name} interview`, after: times }]),
  ]);
  return interviewPage(auth, { ...loaded, interview: next });
}

/**
 * `POST .../interview/availability`: a panel member or the candidate marks the times they can
 * attend. Their own item alone (the panel answering at once never collides), written only while
 * the interview is being scheduled at the proposal they saw.
 */
export async function markAvailability(auth: Caller, actionInstanceId: string, input: AvailabilityInput): Promise<InterviewPage> {
  const loaded = await loadInterview(auth, actionInstanceId);
  const { interview } = loaded;
  const me = invitedOf(loaded).find((p) => p.userId === auth.userId);
  if (!me) throw new ForbiddenError(INTERVIEW_MESSAGES.notInvited);
  if (!interview) throw new ConflictError(INTERVIEW_MESSAGES.noInterview);
  if (interview.status === 'cancelled') throw new ConflictError(INTERVIEW_MESSAGES.cancelled);
  if (!isSchedulable(loaded)) throw new ConflictError(INTERVIEW_MESSAGES.voteClosed);
  const known = new Set(interview.slots.map((s) => s.slotId));
  const unknown = input.slotIds.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw new ValidationError({ [`slotIds.${unknown}`]: [INTERVIEW_MESSAGES.unknownSlot] });
  const now = new Date().toISOString();
  const answer = { ...interviewKey(loaded), userId: auth.userId, proposalId: interview.proposalId, slotIds: input.slotIds, firstName: me.firstName, lastName: me.lastName, updatedAt: now };
  await transact([
    (tx) => tx.panelAvailability.put({ ...answer, createdAt: now }).commit(),
    // The times answered are still the ones proposed: a new proposal meanwhile sends the answer back (409).
    (tx) => tx.panelInterview.check(interviewKey(loaded)).where(({ proposalId, status }, { eq, ne }) => `${eq(proposalId, interview.proposalId)} AND ${ne(status, 'cancelled')}`).commit(),
  ]);
  const answers = [...loaded.answers.filter((a) => a.userId !== auth.userId), { ...answer, createdAt: now }];
  return interviewPage(auth, { ...loaded, answers });
}
