import { accountPort } from '../identity/accounts';
import type { AuthContext } from '../session/resolve-session';
import { loadManageableUsers } from './manageable-users';

/**
 * Confirm Reinvite User: a fresh invitation for each named user who has not signed in yet
 * (no `cognitoUsername`) and is active; the answer lists those invited.
 */
export async function reinviteUsers(auth: AuthContext, ids: string[]): Promise<{ ids: string[] }> {
  const targets = await loadManageableUsers(auth, ids, 'update');
  const invited = targets.filter((target) => !target.user.cognitoUsername && !target.user.inactive);
  for (const { user } of invited) await accountPort().invite(user, { again: true });
  return { ids: invited.map((target) => target.user.userId) };
}
