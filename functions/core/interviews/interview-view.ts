import type { InterviewPage } from '../../../shared/schemas/panel-interview';
import type { Caller } from '../step-work/step-load';
import { invitedOf, isChairOf, isSchedulable, type LoadedInterview } from './interview-load';

const person = (p: { userId: string; firstName: string; lastName: string }) => ({ id: p.userId, firstName: p.firstName, lastName: p.lastName });

/**
 * The interview as the caller sees it. The candidate sees the times, their own answers and the
 * confirmed time and place, never who else can attend or who has answered; the panel and those
 * overseeing the enrolment see every answer; the chair also sees who has not answered.
 */
export function interviewPage(auth: Caller, loaded: LoadedInterview): InterviewPage {
  const { interview, answers, timeZone } = loaded;
  const isChair = isChairOf(auth, loaded);
  const invited = invitedOf(loaded);
  const isCandidateOnly = auth.userId === loaded.instance.participantId && !loaded.group.members.some((m) => m.userId === auth.userId);
  const schedulable = isSchedulable(loaded);
  const canMark = schedulable && Boolean(interview && interview.status !== 'cancelled') && invited.some((p) => p.userId === auth.userId);
  if (!interview) return { interview: null, timeZone, isChair, canMark: false, schedulable };
  // Answers of people still invited, to the times proposed now (answers to older times count for nothing).
  const current = answers.filter((a) => a.proposalId === interview.proposalId && invited.some((p) => p.userId === a.userId));
  const mine = current.find((a) => a.userId === auth.userId);
  const answeredIds = new Set(current.map((a) => a.userId));
  return {
    interview: {
      status: interview.status,
      slots: interview.slots.map((slot) => ({
        id: slot.slotId,
        start: slot.start,
        end: slot.end,
        mine: Boolean(mine?.slotIds.includes(slot.slotId)),
        available: isCandidateOnly ? null : current.filter((a) => a.slotIds.includes(slot.slotId)).map(person),
      })),
      confirmed: interview.confirmed ? { slotId: interview.confirmed.slotId, start: interview.confirmed.start, end: interview.confirmed.end, place: interview.confirmed.place ?? '', videoLink: interview.confirmed.videoLink ?? '' } : null,
      ...(interview.cancelReason && interview.status === 'cancelled' ? { cancelReason: interview.cancelReason } : {}),
      answered: isCandidateOnly ? null : answeredIds.size,
      invited: isCandidateOnly ? null : invited.length,
      waitingFor: isChair ? invited.filter((p) => !answeredIds.has(p.userId)).map(person) : null,
      version: interview.version,
    },
    timeZone,
    isChair,
    canMark,
    schedulable,
  };
}
