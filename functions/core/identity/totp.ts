import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA-1, 30-second
 * steps, 6 digits, a code of the step before or after accepted for clock drift. What
 * authenticator apps and Cognito's TOTP use; the local identity provider checks codes with it.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const DRIFT_STEPS = 1;
const SECRET_BYTES = 20; // 160 bits, the HMAC-SHA-1 key size RFC 4226 recommends

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Base32 as authenticator apps show it: any case, spaces and padding ignored. Throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Not a base32 secret');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new shared secret, base32 (what the user types or scans). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** RFC 4226 HOTP of one counter value with a raw key. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

function stepAt(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code an authenticator app shows for a base32 secret at a time. */
export function totpCode(secret: string, timeMs = Date.now()): string {
  return hotp(base32Decode(secret), stepAt(timeMs));
}

/** True when `code` is the secret's code for this step or the one before or after. */
export function totpMatches(secret: string, code: string, timeMs = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const key = base32Decode(secret);
  const step = stepAt(timeMs);
  let matched = false;
  for (let drift = -DRIFT_STEPS; drift <= DRIFT_STEPS; drift += 1) {
    // Every candidate is compared, so the time taken does not say which step matched.
    if (timingSafeEqual(Buffer.from(hotp(key, step + drift)), Buffer.from(code))) matched = true;
  }
  return matched;
}

/** The `otpauth://` URI authenticator apps import (Key Uri Format), labelled with the app and the account. */
export function otpauthUri(secret: string, account: string, issuer = 'Formation Tracks'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, '%20')}`;
}
