import { loadUserAggregate, type UserAggregate } from '../../db/access/user-aggregate';
import { NotFoundError } from '../../lib/errors';
import { canSeeUser } from '../../../shared/auth/policies';
import { grants } from '../../../shared/auth/permissions';
import { scoped } from '../../../shared/auth/ability';
import type { AuthContext } from '../session/resolve-session';

/**
 * The user a call acts on: their aggregate (profile, roles, permissions) in one Query,
 * and the two questions every such call asks: may the caller see them, may the caller
 * change them.
 */
export async function loadTargetUser(userId: string): Promise<UserAggregate> {
  const target = await loadUserAggregate(userId);
  // An erased person (functions/core/people/erasure/) is shown and changed by nothing: unknown to every call but their History's.
  if (!target || target.user.erasedAt) throw new NotFoundError('User not found.');
  return target;
}

/** The person whose History is read: erased ones too (the erasure entry stays in it). */
export async function loadHistoryUser(userId: string): Promise<UserAggregate> {
  const target = await loadUserAggregate(userId);
  if (!target) throw new NotFoundError('User not found.');
  return target;
}

export function canSeeTarget(auth: Pick<AuthContext, 'userId' | 'roles' | 'permissions'>, target: Pick<UserAggregate, 'user' | 'permissions'>): boolean {
  return canSeeUser({
    viewerId: auth.userId,
    viewerRoles: auth.roles,
    viewerPermissions: auth.permissions,
    target: { id: target.user.userId, permissions: target.permissions },
  });
}

/** The user as a scoped subject: the union of the chains of their active, non-denied permissions. */
export function userScope(target: Pick<UserAggregate, 'permissions'>): { ancestorIds: string[] } {
  return { ancestorIds: [...new Set(grants(target.permissions).flatMap((permission) => permission.ancestorIds))] };
}

/**
 * Changing someone's roles needs `update User` at their locations. Deliberately without
 * the own-profile rule: nobody grants roles to themselves outside their scope.
 */
export function mayUpdateUserAccess(auth: AuthContext, target: UserAggregate): boolean {
  return canSeeTarget(auth, target) && auth.ability.can('update', scoped('User', userScope(target)));
}
