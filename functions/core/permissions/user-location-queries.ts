import { loadUserAggregate } from '../../db/access/user-aggregate';
import { NotFoundError } from '../../lib/errors';
import { deniedIds, grants, grantedIds } from '../../../shared/auth/permissions';
import { LOCATION_KINDS, type LocationKind } from '../../../shared/auth/vocabulary';
import type { PermissionView } from '../../../shared/schemas/permission';
import type { AuthContext } from '../session/resolve-session';
import { permissionViews, type PermissionItem } from './permission-views';
import { canSeeTarget } from '../users/target-user';

/**
 * The target user's permissions the caller may see: at or inside a location the caller
 * holds, or above one (the conference of the caller's district), and not at or under a
 * location the caller is denied. A superadmin sees them all. Everything a route answers
 * about someone's locations goes through this, so nothing outside the caller's scope shows.
 */
export function permissionsVisibleTo<P extends PermissionItem>(auth: AuthContext, permissions: readonly P[]): P[] {
  if (auth.isSuperadmin) return [...permissions];
  const callerIds = grantedIds(auth.permissions);
  const callerChains = grants(auth.permissions).map((permission) => permission.ancestorIds);
  const denied = deniedIds(auth.permissions);
  return permissions.filter(
    (permission) =>
      !permission.ancestorIds.some((id) => denied.has(id)) &&
      (permission.ancestorIds.some((id) => callerIds.has(id)) || callerChains.some((chain) => chain.includes(permission.entityId))),
  );
}

/** A user the caller may see, or 404 exactly as for a missing user (existence stays private). */
async function loadVisibleUser(auth: AuthContext, userId: string) {
  const target = await loadUserAggregate(userId);
  if (!target || !canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
  return target;
}

/** A user's locations grouped by kind, inactive ones included (the profile's Locations card), as far as the caller may see them. */
export async function locationsDetails(auth: AuthContext, userId: string): Promise<Record<LocationKind, PermissionView[]>> {
  const target = await loadVisibleUser(auth, userId);
  const views = await permissionViews(permissionsVisibleTo(auth, target.permissions));
  return Object.fromEntries(LOCATION_KINDS.map((kind) => [kind, views.filter((view) => view.entity === kind)])) as Record<LocationKind, PermissionView[]>;
}

/** The user's active locations the caller may see (permissionsVisibleTo); a user the caller may not see is a 404. */
export async function visibleLocations(auth: AuthContext, userId: string): Promise<PermissionView[]> {
  const target = await loadVisibleUser(auth, userId);
  return permissionViews(permissionsVisibleTo(auth, grants(target.permissions)));
}

/** The caller's own permissions with their chains (the gate's fallback check). */
export function callerPermissionHierarchy(auth: AuthContext) {
  return auth.permissions.map(({ entity, entityId, active, denial, ancestorIds }) => ({ entity, entityId, active, denial, ancestorIds }));
}

/** The caller's own permissions with location names. */
export function callerPermissions(auth: AuthContext): Promise<PermissionView[]> {
  return permissionViews(auth.permissions);
}

/** The active permissions of the named users; users that do not exist or the caller cannot see are left out. */
export async function usersPermissions(auth: AuthContext, userIds: string[]): Promise<Array<{ userId: string; permissions: PermissionView[] }>> {
  const targets = (await Promise.all([...new Set(userIds)].map((id) => loadUserAggregate(id)))).filter(
    (target): target is NonNullable<typeof target> => Boolean(target) && canSeeTarget(auth, target!),
  );
  const activeOf = (permissions: PermissionItem[]) => permissionsVisibleTo(auth, permissions.filter((permission) => permission.active));
  const views = await permissionViews(targets.flatMap((target) => activeOf(target.permissions)));
  return targets.map((target) => ({ userId: target.user.userId, permissions: views.filter((view) => view.userId === target.user.userId && view.active) }));
}
