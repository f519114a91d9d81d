import type { EntityItem } from 'electrodb';
import { USER_GROUP_MEMBERS_MAX, type UserGroupView } from '../../../shared/schemas/user-group';
import type { userGroup } from '../entities/user-group';
import type { userGroupMember } from '../entities/user-group-member';
import { db } from '../service';

/**
 * One interview group with its members, as the group pages (core/user-groups) and committee votes
 * (core/step-work) read it: here, below both, so neither imports the other.
 */
export type GroupItem = EntityItem<typeof userGroup>;
export type MemberItem = EntityItem<typeof userGroupMember>;

export interface LoadedGroup {
  group: GroupItem;
  members: MemberItem[];
}

/** A group with its members: one Query of its collection (at most 1 + USER_GROUP_MEMBERS_MAX items). */
export async function loadGroup(userGroupId: string, consistent = false): Promise<LoadedGroup | null> {
  const { data } = await db().collections.userGroupAggregate({ userGroupId }).go({ consistent, limit: 1 + USER_GROUP_MEMBERS_MAX });
  const [group] = data.userGroup;
  return group ? { group, members: data.userGroupMember } : null;
}

/** The group's chair while they are a member (a removed member chairs nothing). */
export function chairOf(group: Pick<GroupItem, 'chairId'>, members: readonly MemberItem[]): UserGroupView['chair'] {
  const chair = group.chairId ? members.find((member) => member.userId === group.chairId) : undefined;
  return chair ? { id: chair.userId, ...chair.user } : null;
}
