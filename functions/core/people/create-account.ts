import type { UserView } from '../../../shared/schemas/user';
import { accountPort } from '../identity/accounts';
import type { AuthContext } from '../session/resolve-session';
import { visibleUser } from '../users/visible-user';
import { loadManageableUsers } from './manageable-users';

/**
 * POST /admin/create-user/{userId} (SPEC.md section 7, ARCHITECTURE.md section 6): the
 * identity-provider account for an app user who has none yet (made by the seed, an import, or
 * an Add User whose invitation failed after the commit), with its invitation, for a caller who
 * may create users where the user is. Idempotent: a user who already signed in, or is
 * inactive, is answered as they are; a provider account that already exists is left alone.
 */
export async function createProviderAccount(auth: AuthContext, userId: string): Promise<UserView> {
  const [target] = await loadManageableUsers(auth, [userId], 'create');
  const { user } = target!;
  if (!user.cognitoUsername && !user.inactive) await accountPort().invite(user, { again: false });
  return visibleUser(auth, userId);
}
