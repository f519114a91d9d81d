import { CANNOT_DEACTIVATE_SELF } from '../../../shared/schemas/user';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { projectOrWait } from '../../db/directory-projection';
import { transact } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { ValidationError } from '../../lib/errors';
import { log } from '../../lib/log';
import { securityEvent } from '../../lib/security-event';
import { accountPort } from '../identity/accounts';
import { endUserSessions } from '../session/end-sessions';
import type { AuthContext } from '../session/resolve-session';
import { projectUser } from '../users/user-projector';
import { loadManageableUsers } from './manageable-users';
import { personEntry } from '../records/audit-records';

/**
 * Deactivating and reactivating users (SPEC.md section 4, user states). The status of all the
 * named users changes in one transaction, each conditioned on the version read (a concurrent
 * edit of one of them is a 409 and changes nobody). Then, per user: a deactivated user's
 * sessions end (the next request with any of their cookies is a 401; resolve-session.ts also
 * refuses an inactive user at once), the identity provider disables or enables them, and
 * their directory entries move between the active and inactive lists.
 */
export async function setUsersInactive(auth: AuthContext, ids: string[], inactive: boolean): Promise<{ ids: string[] }> {
  const userIds = [...new Set(ids)];
  if (inactive && userIds.includes(auth.userId)) throw new ValidationError({ ids: [CANNOT_DEACTIVATE_SELF] }, CANNOT_DEACTIVATE_SELF);
  const targets = await loadManageableUsers(auth, userIds, 'deactivate');

  const changing = targets.filter((target) => Boolean(target.user.inactive) !== inactive);
  if (changing.length) {
    const change = [{ field: 'status', before: inactive ? 'active' : 'inactive', after: inactive ? 'inactive' : 'active' }];
    await transact(
      changing.flatMap((target) => [
        (tx) => tx.user.patch({ userId: target.user.userId }).set({ inactive }).add({ version: 1 }).where(ifVersion(target.user.version)).commit(),
        personEntry(auth, target, inactive ? 'user.deactivated' : 'user.reactivated', 'activation', change),
      ]),
    );
  }
  for (const target of changing) await afterStatusChange(target, inactive);
  return { ids: userIds };
}

async function afterStatusChange(target: UserAggregate, inactive: boolean): Promise<void> {
  const { userId, email, cognitoUsername } = target.user;
  if (inactive) await endUserSessions(userId);
  const account = { email, cognitoUsername };
  await (inactive ? accountPort().disable(account) : accountPort().enable(account));
  securityEvent(inactive ? 'user.deactivated' : 'user.activation-changed', { outcome: 'success', targetUserId: userId });
  await projectOrWait(() => projectUser(userId), 'request').catch((error) => log('warn', 'user projection deferred to the stream', { userId, error: String(error) }));
}
