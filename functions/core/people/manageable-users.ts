import { scoped } from '../../../shared/auth/ability';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { canSeeTarget, loadTargetUser, userScope } from '../users/target-user';
import type { AuthContext } from '../session/resolve-session';

/**
 * The named users (each once) when the caller may `action` every one of them where they are:
 * a user out of the caller's sight is 404, one they see but may not change is 403, and then
 * nobody is changed.
 */
export async function loadManageableUsers(auth: AuthContext, ids: string[], action: 'create' | 'update' | 'deactivate'): Promise<UserAggregate[]> {
  const targets = await Promise.all([...new Set(ids)].map(loadTargetUser));
  for (const target of targets) {
    if (!canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
    if (!auth.ability.can(action, scoped('User', userScope(target)))) throw new ForbiddenError();
  }
  return targets;
}
