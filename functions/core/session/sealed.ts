import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt, type JWTPayload } from 'jose';
import { config } from '../../lib/config';

/**
 * Values the server hands out or stores but nobody else may read or alter: encrypted and
 * authenticated (JWE, A256GCM) with a key from the cookie secret, bound to one purpose and
 * a lifetime, so a value sealed for one use is refused by every other.
 */
function key(purpose: string): Uint8Array {
  return createHash('sha256').update(`${purpose}:${config.cookieSecret}`).digest();
}

export function seal(purpose: string, payload: JWTPayload, lifetimeSeconds: number): Promise<string> {
  return new EncryptJWT(payload)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setAudience(purpose)
    .setIssuedAt()
    .setExpirationTime(`${Math.max(1, Math.floor(lifetimeSeconds))}s`)
    .encrypt(key(purpose));
}

/** The payload, or null when the value was altered, sealed for another purpose or key, or has expired. */
export async function unseal(purpose: string, sealed: string | undefined): Promise<JWTPayload | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, key(purpose), { audience: purpose });
    return payload;
  } catch {
    return null;
  }
}
