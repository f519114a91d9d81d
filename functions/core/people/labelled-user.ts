import { scoped } from '../../../shared/auth/ability';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { canSeeTarget, loadTargetUser, userScope } from '../users/target-user';
import type { AuthContext } from '../session/resolve-session';

/**
 * Tags and aliases are set by those who administer the user (SPEC.md section 6: update User,
 * with create on User), where the user is. Deliberately without the own-profile rule: people
 * do not label themselves.
 */
export function mayLabelUser(auth: AuthContext, target: UserAggregate): boolean {
  const where = scoped('User', userScope(target));
  return canSeeTarget(auth, target) && auth.ability.can('update', where) && auth.ability.can('create', where);
}

/** The user a read is about: someone the caller cannot see is a 404, exactly like a missing one. */
export async function seenUser(auth: AuthContext, userId: string): Promise<UserAggregate> {
  const target = await loadTargetUser(userId);
  if (!canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
  return target;
}

/** The user a label change is about: unseen 404, seen but not administered 403. */
export async function labelledUser(auth: AuthContext, userId: string): Promise<UserAggregate> {
  const target = await seenUser(auth, userId);
  if (!mayLabelUser(auth, target)) throw new ForbiddenError();
  return target;
}
