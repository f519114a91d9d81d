import { USER_GROUPS_PER_TRACK_MAX, USER_GROUP_MEMBERS_MAX, type UserGroupView } from '../../../shared/schemas/user-group';
import { db } from '../../db/service';
import { getLocationsById, type LocationItem } from '../../db/access/location-store';
import { isSystemTrack, SYSTEM_PLACE, type TrackPlace } from '../tracks/track-scope';

export { chairOf, loadGroup, type GroupItem, type LoadedGroup, type MemberItem } from '../../db/access/interview-groups';
import { chairOf, type GroupItem, type MemberItem } from '../../db/access/interview-groups';

/** A track's groups (without members): one bounded Query of gsi2 `byTrack`. */
export async function groupsOfTrack(trackTemplateId: string): Promise<GroupItem[]> {
  const { data } = await db().entities.userGroup.query.byTrack({ trackTemplateId }).go({ limit: USER_GROUPS_PER_TRACK_MAX, count: USER_GROUPS_PER_TRACK_MAX });
  return data;
}

/** The members of several groups: one Query of each group's partition (a page of the tab: at most 50). */
export async function membersOf(groupIds: readonly string[]): Promise<Map<string, MemberItem[]>> {
  const lists = await Promise.all(
    groupIds.map(async (userGroupId) => [userGroupId, (await db().entities.userGroupMember.query.byGroup({ userGroupId }).go({ limit: USER_GROUP_MEMBERS_MAX, count: USER_GROUP_MEMBERS_MAX })).data] as const),
  );
  return new Map(lists);
}

/** Where each group sits (its conference's chain and name, one BatchGet; the System root for none), by conference id. */
export async function placesOf(groups: readonly Pick<GroupItem, 'conferenceId'>[]): Promise<Map<string, TrackPlace>> {
  const ids = [...new Set(groups.map((group) => group.conferenceId).filter((id) => !isSystemTrack(id)))];
  const found = ids.length ? await getLocationsById(ids) : new Map<string, LocationItem>();
  const places = new Map<string, TrackPlace>([[SYSTEM_PLACE.conferenceId, SYSTEM_PLACE]]);
  for (const id of ids) places.set(id, { conferenceId: id, conferenceName: found.get(id)?.name ?? null, ancestorIds: found.get(id)?.ancestorIds ?? [id] });
  return places;
}

const byName = (a: { lastName: string; firstName: string }, b: { lastName: string; firstName: string }) =>
  `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`);

export function groupView(group: GroupItem, members: readonly MemberItem[], place: TrackPlace, canManage: boolean): UserGroupView {
  return {
    id: group.userGroupId,
    name: group.name,
    description: group.description ?? '',
    trackTemplateId: group.trackTemplateId ?? '',
    conference: isSystemTrack(group.conferenceId) ? null : { id: group.conferenceId, name: place.conferenceName ?? '' },
    memberCount: group.memberCount,
    users: members.map((member) => ({ id: member.userId, ...member.user })).sort(byName),
    chair: chairOf(group, members),
    version: group.version,
    canManage,
  };
}
