import { loadUserAggregate } from '../../db/access/user-aggregate';
import { userDirectoryEntries } from '../../db/directory';
import { project, type DesiredEntries, type ProjectOptions, type ProjectionOutcome } from '../../db/directory-projection';
import { db } from '../../db/service';
import { batchGet } from '../../db/transact';
import { placesToName, userDirectoryState } from './user-directory';

/**
 * What a user's directory entries should be, from their current profile, roles and permissions,
 * and the current names of the conferences and districts they belong to: one Query of their
 * aggregate, then one BatchGet of those places, both consistent, so a run after a rename
 * (the location-copies job's) shows the new name.
 */
export async function desiredUserEntries(userId: string): Promise<DesiredEntries> {
  const aggregate = await loadUserAggregate(userId, { consistent: true });
  if (!aggregate) return { entries: [], sourceVersion: 'deleted' };
  // An erased person is in no list or search (functions/core/people/erasure/).
  if (aggregate.user.erasedAt) return { entries: [], sourceVersion: `${aggregate.user.version}.${aggregate.user.accessVersion ?? 0}` };
  const placeIds = placesToName(aggregate.permissions);
  const places = placeIds.length ? await batchGet<{ locationId: string; name: string }>(db().entities.location, placeIds.map((locationId) => ({ locationId })), { consistent: true }) : [];
  const state = userDirectoryState({ ...aggregate, locationNames: new Map(places.map((place) => [place.locationId, place.name])) });
  return {
    entries: userDirectoryEntries(state.user, state.roleIds, state.permissionAncestorIds, state.names),
    sourceVersion: `${aggregate.user.version}.${aggregate.user.accessVersion ?? 0}`,
  };
}

/**
 * A user's directory entries (the users tables, role lists such as Advisors, people search)
 * from the user's current profile, roles and permissions. Idempotent: run it after any
 * change to the user's partition, or to the name of a role they hold or a place they belong
 * to, as often as you like.
 */
export async function projectUser(userId: string, options?: ProjectOptions): Promise<ProjectionOutcome> {
  return project('user', userId, () => desiredUserEntries(userId), options);
}
