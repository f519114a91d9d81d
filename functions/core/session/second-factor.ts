import { SECOND_FACTOR_REQUIRED } from '../../../shared/auth/mfa';
import { db } from '../../db/service';
import { isConditionFailure } from '../../db/versioned';
import { config } from '../../lib/config';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../lib/errors';
import { securityEvent } from '../../lib/security-event';
import type { SignedInIdentity } from '../identity/oidc-client';
import { cognitoMfa } from '../identity/mfa-cognito';
import { localMfa } from '../identity/mfa-local';
import { SetupNeedsSignIn, type MfaAccount, type MfaPort } from '../identity/mfa-port';
import { otpauthUri } from '../identity/totp';
import type { SessionSignIn } from './open-session';
import type { AuthContext } from './resolve-session';
import { seal, unseal } from './sealed';

/**
 * Second factor (authenticator app) for sessions: what a sign-in proved, the check every
 * request makes (service-handler.ts), and setting up an app inside a session.
 */
export const WRONG_CODE = 'That code is not right. Enter the current 6-digit code from your authenticator app.';
export const SIGN_IN_AGAIN_FOR_SETUP = 'Sign in again to set up your authenticator app.';

const ACCESS_TOKEN_PURPOSE = 'formation-provider-access-token';

/** Like the other local stand-ins, chosen by `IDENTITY_ADAPTER` (`cognito` in AWS, `local` on one machine). */
function mfaPort(): MfaPort {
  return config.identityAdapter === 'local' ? localMfa : cognitoMfa;
}

/**
 * At the sign-in callback: a user with an authenticator app was asked for its code by the
 * provider, so the session starts with the flag. Anyone else keeps the access token, sealed
 * and only until it expires, so this session can set up an app.
 */
export async function secondFactorAtSignIn(identity: SignedInIdentity): Promise<SessionSignIn> {
  const account = { email: identity.email, accessToken: identity.accessToken };
  if (await mfaPort().hasAuthenticator(account)) return { secondFactor: true };
  return { secondFactor: false, sealedAccessToken: await seal(ACCESS_TOKEN_PURPOSE, { token: identity.accessToken }, identity.accessTokenExpiresIn) };
}

/** True when this request's caller holds a role that needs a second factor the session has not proved. */
export function needsSecondFactor(auth: Pick<AuthContext, 'secondFactor' | 'secondFactorRequired'>): boolean {
  return auth.secondFactorRequired && !auth.secondFactor;
}

/** Refuses the request (403, security event) until the session has a second factor its roles need. */
export function assertSecondFactor(auth: AuthContext): void {
  if (!needsSecondFactor(auth)) return;
  securityEvent('mfa.required', { outcome: 'denied', reason: 'no-second-factor' });
  throw new ForbiddenError(SECOND_FACTOR_REQUIRED);
}

export function secondFactorStatus(auth: AuthContext) {
  return { required: auth.secondFactorRequired, secondFactor: auth.secondFactor };
}

async function accountOf(auth: AuthContext): Promise<MfaAccount> {
  const sealed = await unseal(ACCESS_TOKEN_PURPOSE, auth.sealedAccessToken);
  return { email: auth.user.email, accessToken: typeof sealed?.token === 'string' ? sealed.token : undefined };
}

async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SetupNeedsSignIn) throw new UnauthorizedError(SIGN_IN_AGAIN_FOR_SETUP);
    throw error;
  }
}

/** Step 1: a new secret for the user's authenticator app, as text and as the URI apps import. */
export async function beginAuthenticatorSetup(auth: AuthContext): Promise<{ secret: string; uri: string }> {
  const account = await accountOf(auth);
  const { secret } = await withProvider(() => mfaPort().beginSetup(account));
  securityEvent('mfa.setup-started', { outcome: 'success' });
  return { secret, uri: otpauthUri(secret, auth.user.email) };
}

/** Step 2: a code from the app confirms it; the provider asks for codes from the next sign-in on, and this session has its second factor. */
export async function verifyAuthenticatorSetup(auth: AuthContext, code: string): Promise<void> {
  const account = await accountOf(auth);
  if (!(await withProvider(() => mfaPort().verifySetup(account, code)))) {
    securityEvent('mfa.setup-failed', { outcome: 'failure', reason: 'wrong-code' });
    throw new ValidationError({ code: [WRONG_CODE] }, WRONG_CODE);
  }
  try {
    await db()
      .entities.session.patch({ userId: auth.userId, sessionId: auth.sessionId })
      .set({ secondFactor: true })
      .remove(['sealedAccessToken'])
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error; // the session ended meanwhile: the app is set up all the same
  }
  securityEvent('mfa.enabled', { outcome: 'success' });
}
