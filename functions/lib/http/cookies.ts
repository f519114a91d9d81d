import { createHash } from 'node:crypto';
import { cookieIsSecure } from '../config';

/**
 * The cookies the API sets (docs/security.md "Cookies"). Over https the session cookie is
 * `__Host-` prefixed (Secure, Path=/, no Domain: no subdomain can set or read it); on
 * plain-http localhost it has no prefix and no Secure flag.
 */
const SESSION_COOKIE_BASE = 'fm_session';

export function sessionCookieName(): string {
  return cookieIsSecure() ? `__Host-${SESSION_COOKIE_BASE}` : SESSION_COOKIE_BASE;
}

export function readCookie(cookies: string[] | undefined, name: string): string | undefined {
  for (const cookie of cookies ?? []) {
    for (const part of cookie.split(';')) {
      const index = part.indexOf('=');
      if (index < 0) continue;
      if (part.slice(0, index).trim() !== name) continue;
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined; // a malformed cookie is no session, not a server error
      }
    }
  }
  return undefined;
}

function cookie(name: string, value: string, options: { path: string; maxAgeSeconds: number }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path}`, 'HttpOnly', 'SameSite=Lax', `Max-Age=${options.maxAgeSeconds}`];
  if (cookieIsSecure()) parts.push('Secure');
  return parts.join('; ');
}

/** HttpOnly, SameSite=Lax, Secure except on plain-http localhost (ARCHITECTURE.md section 6). */
export function sessionCookie(value: string, maxAgeSeconds: number): string {
  return cookie(sessionCookieName(), value, { path: '/', maxAgeSeconds });
}

export function clearedSessionCookie(): string {
  return sessionCookie('', 0);
}

/** Only the sign-in callback reads the sign-in cookie. */
const SIGN_IN_COOKIE_PATH = '/api/security/authenticate';

/**
 * One cookie per sign-in in progress, named after its OAuth state, so two tabs signing in
 * at once do not overwrite each other's. SameSite=Lax still sends it on the provider's
 * top-level redirect back to the callback.
 */
export function signInCookieName(state: string): string {
  const id = createHash('sha256').update(state).digest('base64url').slice(0, 16);
  return `${cookieIsSecure() ? '__Secure-' : ''}fm_signin_${id}`;
}

export function signInCookie(state: string, sealed: string, maxAgeSeconds: number): string {
  return cookie(signInCookieName(state), sealed, { path: SIGN_IN_COOKIE_PATH, maxAgeSeconds });
}

export function clearedSignInCookie(state: string): string {
  return cookie(signInCookieName(state), '', { path: SIGN_IN_COOKIE_PATH, maxAgeSeconds: 0 });
}
