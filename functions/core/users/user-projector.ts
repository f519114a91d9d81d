import { loadUserAggregate } from '../../db/access/user-aggregate';
import { userDirectoryEntries } from '../../db/directory';
import { project, type DesiredEntries, type ProjectOptions, type ProjectionOutcome } from '../../db/directory-projection';
import { userDirectoryState } from './user-directory';

/** What a user's directory entries should be, from their current profile, roles and permissions. */
export async function desiredUserEntries(userId: string): Promise<DesiredEntries> {
  const aggregate = await loadUserAggregate(userId, { consistent: true });
  if (!aggregate) return { entries: [], sourceVersion: 'deleted' };
  const state = userDirectoryState(aggregate);
  return {
    entries: userDirectoryEntries(state.user, state.roleIds, state.permissionAncestorIds),
    sourceVersion: `${aggregate.user.version}.${aggregate.user.accessVersion ?? 0}`,
  };
}

/**
 * A user's directory entries (the users tables, role lists such as Advisors, people search)
 * from the user's current profile, roles and permissions. Idempotent: run it after any
 * change to the user's partition, as often as you like.
 */
export async function projectUser(userId: string, options?: ProjectOptions): Promise<ProjectionOutcome> {
  return project('user', userId, () => desiredUserEntries(userId), options);
}
