import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type { user } from '../../db/entities/user';
import { db } from '../../db/service';
import { retryOnStale } from '../../db/transact';
import { updateVersioned } from '../../db/versioned';
import { config } from '../../lib/config';
import { log } from '../../lib/log';

/**
 * One-click unsubscribe (docs/security.md, "Unsubscribe links"): every notification email
 * carries a link whose token names the user and is signed (HMAC-SHA256, UNSUBSCRIBE_SECRET)
 * over the user id and the address the email went to. Following it shows a page asking to
 * confirm (a GET changes nothing: mail scanners and link previews open links); its button, or a
 * mail provider's one-click POST, turns the user's email notifications off without a session. Bound to the address: after an email change the old
 * emails' links stop working. No expiry: a link in an old email should still work.
 */
export const UNSUBSCRIBE_PATH = '/api/notification/unsubscribe';
/** The answer to a token that is malformed, tampered with or for an address the user no longer has. */
export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid. Sign in and turn email notifications off in your profile.';

function signature(userId: string, email: string): Buffer {
  return createHmac('sha256', config.unsubscribeSecret).update(`unsubscribe\u0000${userId}\u0000${email.trim().toLowerCase()}`).digest();
}

export function unsubscribeToken(userId: string, email: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signature(userId, email).toString('base64url')}`;
}

export function unsubscribeUrl(userId: string, email: string): string {
  const url = new URL(UNSUBSCRIBE_PATH, config.appUrl);
  url.searchParams.set('token', unsubscribeToken(userId, email));
  return url.toString();
}

/** The shape every token we sign has (base64url id, a dot, base64url MAC): nothing else is ever read or echoed. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{1,100}$/;

type UserItem = EntityItem<typeof user>;

/** The token's user when the token is signed for their current address; null otherwise. */
async function signedUser(token: string): Promise<UserItem | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [encodedId, encodedMac] = token.split('.');
  const userId = Buffer.from(encodedId, 'base64url').toString('utf8');
  if (Buffer.from(userId).toString('base64url') !== encodedId) return null;
  // Compared as text, not as decoded bytes: base64url's last character carries spare bits, so two spellings
  // decode alike, and only the one we wrote may pass.
  const given = Buffer.from(encodedMac);
  const { data: user } = await db().entities.user.get({ userId }).go({ consistent: true });
  if (!user) return null;
  const expected = Buffer.from(signature(userId, user.email).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? user : null;
}

/** Whether the link is good (the GET page asks before it changes anything: mail scanners open links). */
export async function isValidUnsubscribeToken(token: string): Promise<boolean> {
  return (await signedUser(token)) !== null;
}

/**
 * Turns email notifications off for the token's user, through the versioned user write
 * (re-read and tried again when a concurrent change moved the version). False, with nothing
 * changed, when the token is not valid for the user's current address.
 */
export function unsubscribe(token: string): Promise<boolean> {
  return retryOnStale(async () => {
    const user = await signedUser(token);
    if (!user) return false;
    if (user.emailNotificationsOptIn === false) return true;
    await updateVersioned(db().entities.user, { userId: user.userId }, user.version, { emailNotificationsOptIn: false });
    log('info', 'email notifications turned off by an unsubscribe link', { userId: user.userId });
    return true;
  });
}
