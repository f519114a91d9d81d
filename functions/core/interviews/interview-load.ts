import type { EntityItem } from 'electrodb';
import { USER_GROUP_MEMBERS_MAX } from '../../../shared/schemas/user-group';
import type { panelAvailability, panelInterview } from '../../db/entities/panel-interview';
import { db } from '../../db/service';
import { knownTimeZone } from '../../lib/zoned-time';
import type { Caller } from '../step-work/step-load';
import { loadVoteForWrite, type LoadedVote } from '../step-work/vote-access';

export type InterviewItem = EntityItem<typeof panelInterview>;
export type AvailabilityItem = EntityItem<typeof panelAvailability>;

/**
 * A committee vote's panel interview as a read or a write needs it: the vote (the caller's right
 * to see the step is checked first, exactly as for the vote: nothing about the interview is told
 * to others), the interview, every answer, and the conference's time zone.
 */
export interface LoadedInterview extends LoadedVote {
  interview: InterviewItem | null;
  answers: AvailabilityItem[];
  timeZone: string;
}

export async function loadInterview(auth: Caller, actionInstanceId: string): Promise<LoadedInterview> {
  const vote = await loadVoteForWrite(auth, actionInstanceId);
  const key = { trackInstanceId: vote.item.trackInstanceId, actionInstanceId };
  const [interview, answers, conference] = await Promise.all([
    db().entities.panelInterview.get(key).go({ consistent: true }),
    // The panel (at most 40) and the candidate: one page.
    db().entities.panelAvailability.query.byAction(key).go({ consistent: true, limit: USER_GROUP_MEMBERS_MAX + 1 }),
    db().entities.location.get({ locationId: vote.instance.conferenceId }).go(),
  ]);
  return { ...vote, interview: interview.data, answers: answers.data, timeZone: knownTimeZone(conference.data?.timeZone) };
}

/** The group's chair, while a member. */
export const isChairOf = (auth: Caller, { group }: LoadedVote) =>
  Boolean(group.group.chairId) && group.group.chairId === auth.userId && group.members.some((m) => m.userId === auth.userId);

/** Who is invited: the panel (the group as it is now) and the candidate. */
export function invitedOf({ group, instance }: LoadedVote): Array<{ userId: string; firstName: string; lastName: string; email: string }> {
  const panel = group.members.map((m) => ({ userId: m.userId, ...m.user }));
  return panel.some((p) => p.userId === instance.participantId) ? panel : [...panel, { userId: instance.participantId, ...instance.participant }];
}

/** The interview may still be scheduled: the enrolment open and the vote not decided. */
export const isSchedulable = ({ instance, item }: LoadedVote) => instance.status === 'Open' && (item.approved === undefined || item.approved === null) && item.voteState !== 'closed';
