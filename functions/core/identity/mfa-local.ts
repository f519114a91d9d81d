import { db } from '../../db/service';
import { isConditionFailure } from '../../db/versioned';
import { newTotpSecret, totpMatches } from './totp';
import type { MfaPort } from './mfa-port';

/**
 * The local provider's authenticator apps, kept on the local account as Cognito keeps them
 * on the user: a pending secret until a code confirms it, then the secret the local
 * sign-in page checks codes against (bin/local/oidc.ts).
 */
const accountKey = (email: string) => ({ email: email.trim().toLowerCase() });

export const localMfa: MfaPort = {
  async hasAuthenticator(account) {
    const { data } = await db().entities.localAccount.get(accountKey(account.email)).go();
    return Boolean(data?.totpSecret);
  },

  async beginSetup(account) {
    const secret = newTotpSecret();
    try {
      await db().entities.localAccount.patch(accountKey(account.email)).set({ pendingTotpSecret: secret }).go({ response: 'none' });
    } catch (error) {
      if (isConditionFailure(error)) throw new Error('No local account for this user');
      throw error;
    }
    return { secret };
  },

  async verifySetup(account, code) {
    const { data } = await db().entities.localAccount.get(accountKey(account.email)).go({ consistent: true });
    const pending = data?.pendingTotpSecret;
    if (!pending || !totpMatches(pending, code)) return false;
    // Only the secret that was checked is promoted: a setup begun again meanwhile is not confirmed by this code.
    try {
      await db()
        .entities.localAccount.patch(accountKey(account.email))
        .set({ totpSecret: pending })
        .remove(['pendingTotpSecret'])
        .where(({ pendingTotpSecret }, { eq }) => eq(pendingTotpSecret, pending))
        .go({ response: 'none' });
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
    return true;
  },
};
