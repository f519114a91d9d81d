import { seal, unseal } from './sealed';

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

export async function sealPendingSignIn(pending: PendingSignIn): Promise<string> {
  return seal(PURPOSE, { ...pending }, PENDING_SIGN_IN_SECONDS);
}

/** The pending sign-in, or null when the value was altered, made with another key or is older than 10 minutes. */
export async function openPendingSignIn(sealed: string | undefined): Promise<PendingSignIn | null> {
  const payload = await unseal(PURPOSE, sealed);
  if (!payload) return null;
  const { state, nonce, codeVerifier, redirectPath } = payload;
  if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string' || typeof redirectPath !== 'string') return null;
  return { state, nonce, codeVerifier, redirectPath };
}
