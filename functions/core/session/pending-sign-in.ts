import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { config } from '../../lib/config';

/**
 * A sign-in between "go to the provider" and its callback, kept by the browser that started
 * it: an encrypted, HttpOnly cookie (functions/lib/http/cookies.ts) holding the OAuth state,
 * nonce, PKCE verifier and the app path to return to. A callback URL opened in another
 * browser finds no such cookie and signs nobody in (login CSRF), and starting a sign-in
 * writes nothing to the table.
 */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectPath: string;
}

export const PENDING_SIGN_IN_SECONDS = 10 * 60;
const PURPOSE = 'formation-sign-in';

/** A 256-bit key from the configured secret (any string of 32+ characters). */
function key(): Uint8Array {
  return createHash('sha256').update(`${PURPOSE}:${config.cookieSecret}`).digest();
}

export async function sealPendingSignIn(pending: PendingSignIn): Promise<string> {
  return new EncryptJWT({ ...pending })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setAudience(PURPOSE)
    .setIssuedAt()
    .setExpirationTime(`${PENDING_SIGN_IN_SECONDS}s`)
    .encrypt(key());
}

/** The pending sign-in, or null when the value was altered, made with another key or is older than 10 minutes. */
export async function openPendingSignIn(sealed: string | undefined): Promise<PendingSignIn | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, key(), { audience: PURPOSE, maxTokenAge: `${PENDING_SIGN_IN_SECONDS}s` });
    const { state, nonce, codeVerifier, redirectPath } = payload;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string' || typeof redirectPath !== 'string') return null;
    return { state, nonce, codeVerifier, redirectPath };
  } catch {
    return null;
  }
}
