import { config } from '../../lib/config';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { log } from '../../lib/log';
import { securityEvent } from '../../lib/security-event';
import { authorizationUrl, exchangeCode, isRejectedCallback, providerLogoutUrl, randomChecks } from '../identity/oidc-client';
import { findUserForIdentity } from './find-user';
import { parseSessionToken } from './session-token';
import { openSession } from './open-session';
import { endSession, endUserSessions } from './end-sessions';
import { PENDING_SIGN_IN_SECONDS, openPendingSignIn, sealPendingSignIn } from './pending-sign-in';
import { safeAppPath } from './safe-redirect';
import { secondFactorAtSignIn } from './second-factor';

export const SIGN_IN_EXPIRED = 'This sign-in link has expired. Please sign in again.';
export const SIGN_IN_FAILED = 'Sign-in did not complete. Please sign in again.';
export const NO_LINKED_ACCOUNT = 'No active account is linked to this sign-in. Please contact an admin.';

/** What the browser must keep until the callback: the sealed value for the sign-in cookie, named after `state`. */
export interface StartedSignIn {
  url: string;
  state: string;
  sealed: string;
  maxAgeSeconds: number;
}

/** Step 1: new state, nonce and PKCE verifier, sealed for the browser's cookie; nothing is stored server-side. */
export async function startSignIn(redirectPath: string | undefined): Promise<StartedSignIn> {
  const pending = {
    state: randomChecks.state(),
    nonce: randomChecks.nonce(),
    codeVerifier: randomChecks.codeVerifier(),
    redirectPath: safeAppPath(redirectPath, config.appUrl),
  };
  const url = await authorizationUrl({ state: pending.state, nonce: pending.nonce, codeChallenge: await randomChecks.codeChallenge(pending.codeVerifier) });
  return { url, state: pending.state, sealed: await sealPendingSignIn(pending), maxAgeSeconds: PENDING_SIGN_IN_SECONDS };
}

function failed(reason: string, error: Error): never {
  securityEvent('sign-in.failed', { outcome: 'failure', reason });
  throw error;
}

/**
 * Step 2: the provider sent the browser back. Only the browser holding this state's cookie
 * can finish (code + PKCE), and only a user bound to the provider's subject gets a session.
 */
export async function completeSignIn(
  query: { code: string; state: string; iss?: string },
  sealedCookie: string | undefined,
): Promise<{ token: string; maxAgeSeconds: number; redirectPath: string; userId: string }> {
  const pending = await openPendingSignIn(sealedCookie);
  if (!pending) failed('no-sign-in-cookie', new ValidationError({ state: [SIGN_IN_EXPIRED] }, 'Sign-in expired'));
  if (pending.state !== query.state) failed('state-mismatch', new ValidationError({ state: [SIGN_IN_EXPIRED] }, 'Sign-in expired'));

  const callback = new URL('/api/security/authenticate', config.appUrl);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) callback.searchParams.set(key, value);
  let identity: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    identity = await exchangeCode(callback, pending);
  } catch (error) {
    if (!isRejectedCallback(error)) throw error;
    log('warn', 'sign-in callback rejected', { error: (error as Error).message });
    failed('code-rejected', new ValidationError({ code: [SIGN_IN_FAILED] }, SIGN_IN_FAILED));
  }

  const found = await findUserForIdentity(identity);
  if ('refused' in found) failed(found.refused, new ForbiddenError(NO_LINKED_ACCOUNT));
  if (found.user.inactive) {
    securityEvent('sign-in.failed', { outcome: 'failure', reason: 'inactive', userId: found.user.userId });
    throw new ForbiddenError(NO_LINKED_ACCOUNT);
  }

  const session = await openSession(found.user.userId, await secondFactorAtSignIn(identity));
  securityEvent('sign-in.succeeded', { outcome: 'success', userId: found.user.userId });
  return { ...session, redirectPath: safeAppPath(pending.redirectPath, config.appUrl), userId: found.user.userId };
}

/** Deletes the session at once (any later request with the cookie gets 401) and returns the provider logout URL. */
export async function signOut(token: string | undefined): Promise<string> {
  const parsed = token ? parseSessionToken(token) : null;
  if (parsed) {
    await endSession(parsed.userId, parsed.sessionId);
    securityEvent('sign-out', { outcome: 'success', userId: parsed.userId });
  }
  return providerLogoutUrl();
}

/** "Sign out everywhere": ends every session of the signed-in user, this one included. */
export async function signOutEverywhere(userId: string): Promise<string> {
  await endUserSessions(userId);
  return providerLogoutUrl();
}
