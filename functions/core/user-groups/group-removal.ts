import { db } from '../../db/service';
import { groupsOfTrack, membersOf } from './group-store';

/**
 * The track delete job's stage for interview groups: a page of the track's groups (at most 50)
 * with their members, members first, so a crash in between leaves groups a later step finds
 * again. Deletes only, so a repeated step is harmless. Answers how many groups went (0: none left).
 */
export async function deleteGroupsOfTrack(trackTemplateId: string): Promise<number> {
  const groups = await groupsOfTrack(trackTemplateId);
  if (!groups.length) return 0;
  const members = [...(await membersOf(groups.map((group) => group.userGroupId))).values()].flat();
  if (members.length) await db().entities.userGroupMember.delete(members.map(({ userGroupId, userId }) => ({ userGroupId, userId }))).go();
  await db().entities.userGroup.delete(groups.map(({ userGroupId }) => ({ userGroupId }))).go();
  return groups.length;
}
