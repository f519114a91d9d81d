import { db } from '../../db/service';
import { config } from '../../lib/config';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { authorizationUrl, exchangeCode, providerLogoutUrl, randomChecks } from '../identity/oidc-client';
import { findUserForIdentity } from './find-user';
import { parseSessionToken } from './session-token';
import { openSession } from './open-session';

const LOGIN_ATTEMPT_SECONDS = 10 * 60;

/** Only same-origin app paths: never `//host` or `/\host`, which browsers treat as other origins. */
export function safeAppPath(candidate: string | undefined): string {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return '/';
  return candidate;
}

/** Step 1: remember the PKCE verifier, state and nonce server-side; return the provider URL. */
export async function startSignIn(redirectPath: string | undefined): Promise<string> {
  const state = randomChecks.state();
  const nonce = randomChecks.nonce();
  const codeVerifier = randomChecks.codeVerifier();
  const now = new Date();
  await db()
    .entities.loginAttempt.create({
      state,
      nonce,
      codeVerifier,
      redirectUri: safeAppPath(redirectPath),
      createdAt: now.toISOString(),
      ttl: Math.floor(now.getTime() / 1000) + LOGIN_ATTEMPT_SECONDS,
    })
    .go();
  return authorizationUrl({ state, nonce, codeChallenge: await randomChecks.codeChallenge(codeVerifier) });
}

/** Step 2: the provider sent the browser back; finish code + PKCE and open a session. */
export async function completeSignIn(query: { code: string; state: string; iss?: string }): Promise<{ token: string; maxAgeSeconds: number; redirectPath: string }> {
  const attempt = (await db().entities.loginAttempt.get({ state: query.state }).go()).data;
  if (!attempt || attempt.ttl * 1000 < Date.now()) {
    throw new ValidationError({ state: ['This sign-in link has expired. Please sign in again.'] }, 'Sign-in expired');
  }
  await db().entities.loginAttempt.delete({ state: query.state }).go(); // one use only

  const callback = new URL('/api/security/authenticate', config.appUrl);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) callback.searchParams.set(key, value);
  const identity = await exchangeCode(callback, { state: attempt.state, nonce: attempt.nonce, codeVerifier: attempt.codeVerifier });

  const user = await findUserForIdentity(identity);
  if (!user || user.inactive) throw new ForbiddenError('No active account is linked to this sign-in. Please contact an admin.');

  const session = await openSession(user.userId);
  return { ...session, redirectPath: attempt.redirectUri };
}

/** Deletes the session at once (any later request with the cookie gets 401) and returns the provider logout URL. */
export async function signOut(token: string | undefined): Promise<string> {
  const parsed = token ? parseSessionToken(token) : null;
  if (parsed) await db().entities.session.delete({ userId: parsed.userId, sessionId: parsed.sessionId }).go();
  return providerLogoutUrl();
}
