import { COMMITTEE_VOTE, VOTE_GROUP_OF_TRACK } from '../../../shared/schemas/committee-vote';
import type { ActionInput } from '../../../shared/schemas/step';
import { db } from '../../db/service';
import { ValidationError } from '../../lib/errors';

/**
 * A committee vote names an interview group of its own track (the Interviewer Groups tab's): a
 * made-up id, or another track's group, is a field message. One BatchGet of the named groups.
 */
export async function assertVoteGroupsOfTrack(trackTemplateId: string, actions: readonly ActionInput[], prefix = ''): Promise<void> {
  const named = actions.flatMap((action, index) => (action.type === COMMITTEE_VOTE && action.vote ? [{ index, userGroupId: action.vote.userGroupId }] : []));
  if (!named.length) return;
  const ids = [...new Set(named.map((n) => n.userGroupId))];
  const { data } = await db().entities.userGroup.get(ids.map((userGroupId) => ({ userGroupId }))).go();
  const ofTrack = new Set(data.filter((group) => group.trackTemplateId === trackTemplateId).map((group) => group.userGroupId));
  const fieldErrors: Record<string, string[]> = {};
  for (const { index, userGroupId } of named) if (!ofTrack.has(userGroupId)) fieldErrors[`${prefix}actions.${index}.vote.userGroupId`] = [VOTE_GROUP_OF_TRACK];
  if (Object.keys(fieldErrors).length) throw new ValidationError(fieldErrors);
}
