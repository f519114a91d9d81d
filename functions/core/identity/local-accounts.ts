import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { db } from '../../db/service';
import { isConditionFailure } from '../../db/versioned';
import { transact } from '../../db/transact';

/**
 * Passwords of the local identity adapter (the embedded OpenID provider on one machine).
 * Stored as `scrypt$N$r$p$<salt>$<hash>` (salt and hash base64url), so the cost can be
 * raised later without breaking existing hashes.
 */
const COST = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await scrypt(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Hashed once, compared against when the email is unknown, so both cases take as long. */
let decoyHash: Promise<string> | undefined;

const normalise = (email: string) => email.trim().toLowerCase();

/** Creates a local account; fails when the email already has one. */
export async function createLocalAccount(input: { email: string; password: string; userId: string; totpSecret?: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  try {
    await db().entities.localAccount.create({ email: normalise(input.email), userId: input.userId, passwordHash, totpSecret: input.totpSecret }).go();
  } catch (error) {
    if (isConditionFailure(error)) throw new Error('A local account already exists for this email');
    throw error;
  }
}

/** The account's user (and its authenticator app's secret, if any) when email (any case) and password match, otherwise null. */
export async function verifyLocalCredentials(email: string, password: string): Promise<{ userId: string; email: string; totpSecret?: string } | null> {
  const { data: account } = await db().entities.localAccount.get({ email: normalise(email) }).go();
  if (!account) {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await passwordMatches(password, await decoyHash);
    return null;
  }
  return (await passwordMatches(password, account.passwordHash)) ? { userId: account.userId, email: account.email, totpSecret: account.totpSecret } : null;
}

/** Sets a new password (invitation and reset links). False when there is no such account. */
export async function setLocalPassword(email: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  try {
    await db().entities.localAccount.patch({ email: normalise(email) }).set({ passwordHash }).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** An invitation's set-password link works this long (Cognito's temporary passwords: 7 days). */
export const INVITATION_DAYS = 7;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Opens an invitation: the account (created with an unusable random password when it is new)
 * gets a fresh set-password token, replacing any earlier one; returns the token for the link.
 */
export async function openLocalInvitation(input: { email: string; userId: string }, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const invitation = { invitationHash: tokenHash(token), invitationExpiresAt: now + INVITATION_DAYS * 86_400_000 };
  const email = normalise(input.email);
  const { data: existing } = await db().entities.localAccount.get({ email }).go({ consistent: true });
  if (existing) await db().entities.localAccount.patch({ email }).set(invitation).go();
  else await db().entities.localAccount.create({ email, userId: input.userId, passwordHash: await hashPassword(randomBytes(32).toString('hex')), ...invitation }).go();
  return token;
}

/** Sets the password through an open invitation's token, once; false for a wrong, used or expired token. */
export async function acceptLocalInvitation(email: string, token: string, password: string, now = Date.now()): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  try {
    await db()
      .entities.localAccount.patch({ email: normalise(email) })
      .set({ passwordHash })
      .remove(['invitationHash', 'invitationExpiresAt'])
      .where((attributes, operations) => `${operations.eq(attributes.invitationHash, tokenHash(token))} AND ${operations.gt(attributes.invitationExpiresAt, now)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * A confirmed email change: the account (password, authenticator, open invitation) moves to
 * the new address, in one transaction. No account at the old address (never invited): nothing to move.
 */
export async function moveLocalAccount(from: string, to: string): Promise<void> {
  const { data: account } = await db().entities.localAccount.get({ email: from }).go({ consistent: true });
  if (!account) return;
  const { email: _old, createdAt: _created, updatedAt: _updated, ...kept } = account;
  await transact([(tx) => tx.localAccount.put({ ...kept, email: to }).commit(), (tx) => tx.localAccount.delete({ email: from }).commit()]);
}
