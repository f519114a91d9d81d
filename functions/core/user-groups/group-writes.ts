import { grants } from '../../../shared/auth/permissions';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { GROUPS_PER_TRACK_FULL, MEMBER_NEEDS_INTERVIEWER, MEMBER_OUTSIDE_CONFERENCE, USER_GROUPS_PER_TRACK_MAX, type UserGroupView } from '../../../shared/schemas/user-group';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { newId } from '../../db/ids';
import { transact, type TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { BusinessRuleError, ConflictError, StaleVersionError, ValidationError } from '../../lib/errors';
import { seenUser } from '../people/labelled-user';
import type { AuthContext } from '../session/resolve-session';
import { assertTrackOpen, isSystemTrack, isTrackOpen, placeNamed, placeOf, requireTrack, TRACK_DELETING_MESSAGE, type TrackPlace } from '../tracks/track-scope';
import { getTrackTemplate } from '../tracks/track-store';
import { assertGroupWrite, mayManageGroup } from './group-access';
import type { GroupItem, MemberItem } from './group-store';
import { groupView } from './group-store';
import { requireVisibleGroup } from './group-reads';
import { groupEntry } from '../records/design-records';
import { fieldChange, recordChanges } from '../records/audit-write';

/** What Add / Manage Interview Group sends, after the schema (blank member rows dropped, ids distinct). */
export interface GroupFields {
  name: string;
  description: string;
  conferenceId: string;
  users: string[];
  /** One of `users` (the schema checks), '' or absent for none. */
  chairId?: string;
}

const INTERVIEWER_ROLE_ID = () => systemRoleByName('Interviewer').id;
const person = (target: UserAggregate) => ({ firstName: target.user.firstName, lastName: target.user.lastName, email: target.user.email });

/**
 * The members to add (SPEC.md section 5): people the caller can see, active, holding
 * Interviewer and, for a group with a conference, placed in it (an active permission at or
 * inside the conference), as the interviewer search offers them. One user read each.
 */
async function checkedMembers(auth: AuthContext, userIds: readonly string[], group: TrackPlace): Promise<UserAggregate[]> {
  const people = await Promise.all(userIds.map((userId) => seenUser(auth, userId)));
  if (people.some((target) => target.user.inactive || !target.roles.some((role) => role.roleId === INTERVIEWER_ROLE_ID()))) throw new ValidationError({ users: [MEMBER_NEEDS_INTERVIEWER] });
  if (!isSystemTrack(group.conferenceId) && people.some((target) => !grants(target.permissions).some((p) => p.ancestorIds.includes(group.conferenceId)))) {
    throw new ValidationError({ users: [MEMBER_OUTSIDE_CONFERENCE] });
  }
  return people;
}

/** Members as the History lists them: their names at the time. */
const namesOf = (members: readonly MemberItem[]) => members.map((member) => [member.user.firstName, member.user.lastName].filter(Boolean).join(' ')).join(', ') || undefined;

/** The chair's name among the members, for the History. */
const chairName = (members: readonly MemberItem[], chairId: string | undefined) => (chairId ? namesOf(members.filter((member) => member.userId === chairId)) : undefined);

const memberItem = (userGroupId: string, target: UserAggregate, createdAt: string): MemberItem => ({ userGroupId, userId: target.user.userId, user: person(target), createdAt });

/**
 * Moves the track's group counter within its bound (a full track refuses the whole write). A new
 * group also needs the track not marked for deletion, so none lands after the delete job took
 * the track's groups (which of the two refused is told apart by createGroups).
 */
function countOnTrack(trackTemplateId: string, change: number): TransactionItem {
  if (change < 0) return (tx) => tx.trackTemplate.patch({ trackTemplateId }).add({ userGroupCount: change }).commit();
  return {
    write: (tx) =>
      tx.trackTemplate
        .patch({ trackTemplateId })
        .add({ userGroupCount: change })
        .where(({ userGroupCount, status }, { notExists, lte, ne }) => `(${notExists(userGroupCount)} OR ${lte(userGroupCount, USER_GROUPS_PER_TRACK_MAX - change)}) AND ${ne(status, 'deleting')}`)
        .commit(),
    onConditionFailed: () => new BusinessRuleError(GROUPS_PER_TRACK_FULL),
  };
}

/**
 * Add Interview Group (one or, for the generic bulk, several on one track): each group with its
 * members and memberCount, and the track's counter, in one transaction: all or none.
 */
export async function createGroups(auth: AuthContext, trackTemplateId: string, inputs: readonly GroupFields[]): Promise<UserGroupView[]> {
  const { track, place } = await requireTrack(auth, trackTemplateId, 'read');
  const planned = await Promise.all(
    inputs.map(async (input) => {
      const groupPlace = await placeNamed(input.conferenceId);
      assertGroupWrite(auth, 'create', place, groupPlace);
      return { input, groupPlace, people: await checkedMembers(auth, input.users, groupPlace) };
    }),
  );
  assertTrackOpen(track, 'create');
  const now = new Date().toISOString();
  const written = planned.map(({ input, groupPlace, people }) => {
    const group: GroupItem = {
      userGroupId: newId(),
      name: input.name,
      description: input.description,
      conferenceId: groupPlace.conferenceId,
      trackTemplateId,
      roles: [INTERVIEWER_ROLE_ID()],
      memberCount: people.length,
      ...(input.chairId ? { chairId: input.chairId } : {}),
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
    return { group, groupPlace, members: people.map((target) => memberItem(group.userGroupId, target, now)) };
  });
  try {
    await transact([
      countOnTrack(trackTemplateId, written.length),
      ...written.flatMap(({ group, groupPlace, members }): TransactionItem[] => [
        (tx) => tx.userGroup.create(group).commit(),
        ...members.map((member): TransactionItem => (tx) => tx.userGroupMember.create(member).commit()),
        groupEntry(auth, group, groupPlace, 'group.created', 'created', [
          ...recordChanges({}, group, ['name', 'description']),
          ...fieldChange('conference', undefined, groupPlace.conferenceName),
          ...fieldChange('members', undefined, namesOf(members)),
          ...fieldChange('chair', undefined, chairName(members, group.chairId)),
        ]),
      ]),
    ]);
  } catch (error) {
    // The track was marked for deletion meanwhile: say so, not that it is full.
    const current = error instanceof BusinessRuleError ? await getTrackTemplate(trackTemplateId) : null;
    if (current && !isTrackOpen(current)) throw new ConflictError(TRACK_DELETING_MESSAGE);
    throw error;
  }
  return written.map(({ group, groupPlace, members }) => groupView(group, members, groupPlace, mayManageGroup(auth, place, groupPlace)));
}

/**
 * Manage Interview Group: name, description, conference and members on the version read.
 * Members come and go in the same transaction as the group's new version and memberCount,
 * so concurrent saves of one group serialise (the loser gets 409) and the count stays exact.
 * New members are checked; kept ones too when the conference changes.
 */
export async function updateGroup(auth: AuthContext, userGroupId: string, input: GroupFields & { version: number }): Promise<UserGroupView> {
  const { group, members } = await requireVisibleGroup(auth, userGroupId, true);
  const { track, place } = await requireTrack(auth, group.trackTemplateId ?? '', 'read');
  const [oldPlace, newPlace] = await Promise.all([placeOf(group), placeNamed(input.conferenceId)]);
  assertGroupWrite(auth, 'update', place, oldPlace);
  assertGroupWrite(auth, 'update', place, newPlace);
  assertTrackOpen(track, 'update');
  if (group.version !== input.version) throw new StaleVersionError(undefined, group.version);
  const current = new Set(members.map((member) => member.userId));
  const wanted = new Set(input.users);
  const moved = newPlace.conferenceId !== group.conferenceId;
  const people = await checkedMembers(auth, input.users.filter((userId) => moved || !current.has(userId)), newPlace);
  const now = new Date().toISOString();
  const added = people.filter((target) => !current.has(target.user.userId)).map((target) => memberItem(userGroupId, target, now));
  const removed = members.filter((member) => !wanted.has(member.userId));
  const changes = { name: input.name, description: input.description, conferenceId: newPlace.conferenceId, memberCount: wanted.size, chairId: input.chairId ?? '', updatedAt: now };
  const kept = members.filter((member) => wanted.has(member.userId));
  // One entry per save: `details` when the group's own fields changed, else `members`.
  const details = [
    ...recordChanges(group, changes, ['name', 'description']),
    ...fieldChange('conference', oldPlace.conferenceName, newPlace.conferenceName),
    ...fieldChange('chair', chairName(members, group.chairId), chairName([...kept, ...added], changes.chairId)),
  ];
  const audited = [...details, ...fieldChange('members added', undefined, namesOf(added)), ...fieldChange('members removed', namesOf(removed), undefined)];
  const entry = audited.length ? [groupEntry(auth, { userGroupId, name: changes.name }, newPlace, details.length ? 'group.updated' : 'group.members.updated', details.length ? 'details' : 'members', audited)] : [];
  await transact([
    (tx) => tx.userGroup.patch({ userGroupId }).set(changes).add({ version: 1 }).where(ifVersion(input.version)).commit(),
    ...entry,
    ...added.map((member): TransactionItem => (tx) => tx.userGroupMember.create(member).commit()),
    ...removed.map((member): TransactionItem => (tx) => tx.userGroupMember.delete({ userGroupId, userId: member.userId }).commit()),
  ]);
  return groupView({ ...group, ...changes, version: input.version + 1 }, [...kept, ...added], newPlace, mayManageGroup(auth, place, newPlace));
}

/** Deletes a group with its members and moves the track's counter, in one transaction on the version read. */
export async function deleteGroup(auth: AuthContext, userGroupId: string): Promise<null> {
  const { group, members } = await requireVisibleGroup(auth, userGroupId, true);
  const trackTemplateId = group.trackTemplateId ?? '';
  const { place } = await requireTrack(auth, trackTemplateId, 'read');
  const groupPlace = await placeOf(group);
  assertGroupWrite(auth, 'delete', place, groupPlace);
  await transact([
    groupEntry(auth, group, groupPlace, 'group.deleted', 'deleted', [...fieldChange('name', group.name, undefined), ...fieldChange('members', namesOf(members), undefined)]),
    (tx) => tx.userGroup.delete({ userGroupId }).where(ifVersion(group.version)).commit(),
    ...members.map((member): TransactionItem => (tx) => tx.userGroupMember.delete({ userGroupId, userId: member.userId }).commit()),
    countOnTrack(trackTemplateId, -1),
  ]);
  return null;
}
