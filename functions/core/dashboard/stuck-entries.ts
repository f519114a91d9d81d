import { directoryLists, type DirectoryEntryInput } from '../../db/directory';
import { tallyScopes, WAITING_STATUSES, type TalliedEnrolment, type TalliedStep } from './tally-metrics';

/**
 * The dashboard's "who is stuck" (issue 27): one entry per waiting step of an Open enrolment (Ready,
 * Resubmit, Pending Review or Overdue, with the time it started waiting), in the `stuck` list of the
 * organisation and of every place of the enrolment's chain, sorted by that time: the first page of a
 * place's list is its longest-waiting steps, one Query at any size. Derived from the enrolment's
 * current state only, like its figures (./tally-metrics.ts), by the same projector and drift check.
 *
 * What a step waits on is kept as ids (names are read when shown, so a renamed person or role is
 * never stale): the assignees holding one of the step's responsible roles, the responsible roles
 * nobody holds on the enrolment (the Participant role among them: the participant), and the group
 * of a Committee Vote the step needs.
 */
export interface StuckEnrolment extends TalliedEnrolment {
  trackInstanceId: string;
  participantId: string;
}

export interface StuckStep extends TalliedStep {
  stepInstanceId: string;
  stepTemplateId: string;
}

export interface StuckDisplay {
  trackInstanceId: string;
  stepInstanceId: string;
  trackTemplateId: string;
  phaseId: string;
  stepTemplateId: string;
  participantId: string;
  status: string;
  since: string;
  userIds: string[];
  roleIds: string[];
  userGroupId?: string;
  /** The places the entry is listed in: a reader drops those of places inside its scope it may not see. */
  places: string[];
}

/** Sorts by the time waiting started, then the step (two steps may start waiting at the same instant). */
export const stuckTerm = (since: string, stepInstanceId: string) => `${since}|${stepInstanceId}`;

export function stuckEntries(enrolment: StuckEnrolment, steps: StuckStep[], committeeOf: ReadonlyMap<string, string> = new Map()): DirectoryEntryInput[] {
  if (enrolment.status !== 'Open') return [];
  const places = tallyScopes(enrolment);
  return steps
    .filter((step) => WAITING_STATUSES.includes(step.status) && step.remindSince)
    .flatMap((step) => {
      const responsible = [...new Set(step.responsibleRoleIds ?? [])];
      const holders = enrolment.assignees.filter((assignee) => responsible.includes(assignee.roleId));
      // A vote is taken in review: a step waiting for its content waits on who completes that.
      const userGroupId = step.status === 'PendingReview' ? committeeOf.get(step.stepTemplateId) : undefined;
      const display: StuckDisplay = {
        trackInstanceId: enrolment.trackInstanceId,
        stepInstanceId: step.stepInstanceId,
        trackTemplateId: enrolment.trackTemplateId,
        phaseId: step.phaseId,
        stepTemplateId: step.stepTemplateId,
        participantId: enrolment.participantId,
        status: step.status,
        since: step.remindSince!,
        userIds: [...new Set(holders.map((holder) => holder.userId))],
        roleIds: responsible.filter((roleId) => !holders.some((holder) => holder.roleId === roleId)),
        ...(userGroupId && { userGroupId }),
        places,
      };
      return places.map((scopeId) => ({
        scopeId,
        list: directoryLists.stuck(),
        term: stuckTerm(step.remindSince!, step.stepInstanceId),
        targetId: enrolment.trackInstanceId,
        display: display as unknown as Record<string, unknown>,
      }));
    });
}

/** Of a track's action templates, the group each step's Committee Vote asks (a step has at most one that counts here: the first). */
export function committeesOfActions(actions: Array<{ stepTemplateId: string; type: string; vote?: { userGroupId?: string } }>): Map<string, string> {
  const committees = new Map<string, string>();
  for (const action of actions) if (action.type === 'Committee Vote' && action.vote?.userGroupId && !committees.has(action.stepTemplateId)) committees.set(action.stepTemplateId, action.vote.userGroupId);
  return committees;
}
