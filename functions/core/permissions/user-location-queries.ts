import { loadUserAggregate } from '../../db/access/user-aggregate';
import { ForbiddenError } from '../../lib/errors';
import { grants, grantedIds } from '../../../shared/auth/permissions';
import { LOCATION_KINDS, type LocationKind } from '../../../shared/auth/vocabulary';
import type { PermissionView } from '../../../shared/schemas/permission';
import type { AuthContext } from '../session/resolve-session';
import { permissionViews, type PermissionItem } from './permission-views';
import { canSeeTarget, loadTargetUser } from './target-user';

/** A user's locations grouped by kind, inactive ones included (the profile's Locations card). */
export async function locationsDetails(auth: AuthContext, userId: string): Promise<Record<LocationKind, PermissionView[]>> {
  const target = await loadTargetUser(userId);
  if (!canSeeTarget(auth, target)) throw new ForbiddenError();
  const views = await permissionViews(target.permissions);
  return Object.fromEntries(LOCATION_KINDS.map((kind) => [kind, views.filter((view) => view.entity === kind)])) as Record<LocationKind, PermissionView[]>;
}

/**
 * The user's active locations the caller shares or administers: at or inside one of the
 * caller's locations, or above one (the conference of the caller's district). A superadmin
 * sees them all.
 */
export async function visibleLocations(auth: AuthContext, userId: string): Promise<PermissionView[]> {
  const target = await loadTargetUser(userId);
  const active = grants(target.permissions);
  if (auth.isSuperadmin) return permissionViews(active);
  const callerIds = grantedIds(auth.permissions);
  const callerChains = grants(auth.permissions).map((permission) => permission.ancestorIds);
  const visible = active.filter(
    (permission) => permission.ancestorIds.some((id) => callerIds.has(id)) || callerChains.some((chain) => chain.includes(permission.entityId)),
  );
  return permissionViews(visible);
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
  const targets = (await Promise.all([...new Set(userIds)].map(loadUserAggregate))).filter(
    (target): target is NonNullable<typeof target> => Boolean(target) && canSeeTarget(auth, target!),
  );
  const activeOf = (permissions: PermissionItem[]) => permissions.filter((permission) => permission.active);
  const views = await permissionViews(targets.flatMap((target) => activeOf(target.permissions)));
  return targets.map((target) => ({ userId: target.user.userId, permissions: views.filter((view) => view.userId === target.user.userId && view.active) }));
}
