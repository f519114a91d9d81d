import { cookieIsSecure } from '../config';

export const SESSION_COOKIE = 'fm_session';

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

/** HttpOnly, SameSite=Lax, Secure except on plain-http localhost (ARCHITECTURE.md section 6). */
export function sessionCookie(value: string, maxAgeSeconds: number): string {
  const parts = [`${SESSION_COOKIE}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (cookieIsSecure()) parts.push('Secure');
  return parts.join('; ');
}

export function clearedSessionCookie(): string {
  return sessionCookie('', 0);
}
