import type { UserView } from '../../../shared/schemas/user';
import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { NotFoundError } from '../../lib/errors';
import { canSeeTarget, loadTargetUser } from './target-user';
import type { AuthContext } from '../session/resolve-session';
import { userViewOf } from './current-user';

const SYSTEM_ROLE_IDS = new Set(SYSTEM_ROLES.map((role) => role.id));

/** A user's profile basics for a caller who can see them (SPEC.md section 5 visibility); anyone else gets 404, never a hint. */
export async function visibleUser(auth: AuthContext, userId: string): Promise<UserView> {
  const target = await loadTargetUser(userId);
  if (!canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
  return userViewOf(
    target.user,
    target.roles.map((role) => ({ roleId: role.roleId, name: role.roleName, system: SYSTEM_ROLE_IDS.has(role.roleId) })),
  );
}
