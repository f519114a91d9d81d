import type { UserGroupView } from '../../../shared/schemas/user-group';
import { NotFoundError } from '../../lib/errors';
import { designPage, type DesignListQuery } from '../tracks/design-list';
import { placeOf, requireTrack, SYSTEM_PLACE, type TrackCaller } from '../tracks/track-scope';
import { isGroupVisible, mayManageGroup } from './group-access';
import { groupsOfTrack, groupView, loadGroup, membersOf, placesOf, type LoadedGroup } from './group-store';

export const GROUP_NOT_FOUND = 'Interview group not found.';

export type GroupListQuery = DesignListQuery & { where: { trackTemplateId: string; name?: string } };

/**
 * The Interviewer Groups tab and the generic lists: one track's groups the caller may see,
 * by name. One Query of the track's groups (at most USER_GROUPS_PER_TRACK_MAX), filtered and
 * paged in memory, then the page's members (one Query per group) and conference names (one BatchGet).
 */
export async function listTrackGroups(auth: TrackCaller, query: GroupListQuery): Promise<{ data: UserGroupView[]; count: number }> {
  const { place } = await requireTrack(auth, query.where.trackTemplateId, 'read');
  const visible = (await groupsOfTrack(query.where.trackTemplateId)).filter((group) => isGroupVisible(auth, group)).sort((a, b) => a.name.localeCompare(b.name));
  const page = designPage(visible, query);
  if (!page.data.length) return { data: [], count: page.count };
  const [members, places] = await Promise.all([membersOf(page.data.map((group) => group.userGroupId)), placesOf(page.data)]);
  const views = page.data.map((group) => {
    const groupPlace = places.get(group.conferenceId) ?? SYSTEM_PLACE;
    return groupView(group, members.get(group.userGroupId) ?? [], groupPlace, mayManageGroup(auth, place, groupPlace));
  });
  return { data: views, count: page.count };
}

/** A group the caller may see on a track they read; 404 otherwise (a hidden group is not told apart from a missing one). */
export async function requireVisibleGroup(auth: TrackCaller, userGroupId: string, consistent = false): Promise<LoadedGroup> {
  const loaded = await loadGroup(userGroupId, consistent);
  if (!loaded || !isGroupVisible(auth, loaded.group)) throw new NotFoundError(GROUP_NOT_FOUND);
  return loaded;
}

export async function readGroup(auth: TrackCaller, userGroupId: string): Promise<UserGroupView> {
  const { group, members } = await requireVisibleGroup(auth, userGroupId);
  const { place } = await requireTrack(auth, group.trackTemplateId ?? '', 'read');
  const groupPlace = await placeOf(group);
  return groupView(group, members, groupPlace, mayManageGroup(auth, place, groupPlace));
}
