import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { toE164 } from '../../../shared/forms/phone';
import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { transact } from '../../db/transact';
import { isConditionFailure } from '../../db/versioned';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors';
import { log } from '../../lib/log';
import { mayEditProfile } from '../people/profile-details';
import { canSeeTarget, loadTargetUser } from '../users/target-user';
import type { AuthContext } from '../session/resolve-session';

/**
 * Phone verification (SPEC.md sections 4 and 5): a six-digit code goes by SMS to the
 * user's primary number through the outbox; the reply from that number carrying the code
 * (functions/core/communication/webhooks.ts) marks the number verified.
 */
export const CODE_LIFETIME_MINUTES = 15;
/** Wrong replies one code takes; then it is spent and a new one must be asked for. */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes one number receives per UTC day, whoever asks: each SMS costs the conference money. */
export const SMS_SENDS_PER_NUMBER_PER_DAY = 5;

export const PRIMARY_NUMBER_REQUIRED = 'Primary Number Required';
export const DAILY_CAP_MESSAGE = `This number has been sent ${SMS_SENDS_PER_NUMBER_PER_DAY} codes today; try again tomorrow.`;

const CODE_DIGITS = 6;

/** Salted SHA-256: the code is short-lived and its guesses are capped, so the hash only keeps a table read from revealing it. */
function hashCode(code: string, salt = randomBytes(16).toString('base64url')): string {
  return `${salt}.${createHash('sha256').update(`${salt}.${code}`).digest('base64url')}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt] = stored.split('.');
  const given = Buffer.from(hashCode(code, salt));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const today = (now: number) => new Date(now).toISOString().slice(0, 10);
const epochSeconds = (ms: number) => Math.floor(ms / 1000);

export function verificationText(code: string): string {
  return `Formation Tracks: your verification code is ${code}. Reply with this code to verify this number.`;
}

/**
 * Verify Primary Number: one's own, or a user the caller may update (the details card's
 * editors). One transaction: the code (replacing an earlier one), the day's send counter
 * (under the cap, else 429), the outbox SMS, and a check that the number did not change
 * meanwhile.
 */
export async function triggerSmsVerification(auth: AuthContext, userId: string, now = Date.now()): Promise<{ sentTo: string }> {
  const target = await loadTargetUser(userId);
  if (!canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
  if (!mayEditProfile(auth, target)) throw new ForbiddenError();
  const { phoneNumber } = target.user;
  if (!phoneNumber) throw new ValidationError({ phoneNumber: [PRIMARY_NUMBER_REQUIRED] }, PRIMARY_NUMBER_REQUIRED);
  const phone = toE164(phoneNumber);
  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  const expiresAt = now + CODE_LIFETIME_MINUTES * 60_000;
  const day = today(now);
  await transact([
    (tx) => tx.phoneVerification.put({ phone, userId, userPhone: phoneNumber, codeHash: hashCode(code), expiresAt, attempts: 0, ttl: epochSeconds(expiresAt) + 86_400 }).commit(),
    {
      write: (tx) =>
        tx.smsSendCount
          .update({ phone, day })
          .add({ count: 1 })
          .set({ ttl: epochSeconds(Date.parse(`${day}T00:00:00Z`)) + 2 * 86_400 })
          .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, SMS_SENDS_PER_NUMBER_PER_DAY)}`)
          .commit(),
      onConditionFailed: () => new TooManyRequestsError(DAILY_CAP_MESSAGE),
    },
    {
      write: (tx) => tx.user.check({ userId }).where(({ phoneNumber: stored }, { eq }) => eq(stored, phoneNumber)).commit(),
      onConditionFailed: () => new ConflictError('The phone number changed meanwhile. Reload the profile and try again.'),
    },
    (tx) => tx.outbox.create({ outboxId: newId(now), kind: 'sms', payload: { to: phone, message: verificationText(code), userId, purpose: 'account' } }).commit(),
  ]);
  return { sentTo: phoneNumber };
}

export type ReplyOutcome = 'verified' | 'wrong-code' | 'no-code' | 'expired' | 'number-changed';

/**
 * A reply from `from` (E.164): verifies the number when it carries the live code and the
 * user's primary number is still this one. Each wrong reply spends one attempt; the last
 * one deletes the code. Idempotent: a repeated delivery of the same reply finds no code.
 */
export async function completePhoneVerification(from: string, body: string, now = Date.now()): Promise<ReplyOutcome> {
  const phone = toE164(from);
  const { data: pending } = await db().entities.phoneVerification.get({ phone }).go({ consistent: true });
  if (!pending) return 'no-code';
  const spend = () => db().entities.phoneVerification.delete({ phone }).where(({ version }, { eq }) => eq(version, pending.version)).go().catch(ignoreCondition);
  if (pending.expiresAt < now) {
    await spend();
    return 'expired';
  }
  const code = body.match(new RegExp(`\\b\\d{${CODE_DIGITS}}\\b`))?.[0];
  if (!code || !codeMatches(code, pending.codeHash)) {
    if (pending.attempts + 1 >= MAX_CODE_ATTEMPTS) await spend();
    else
      await db()
        .entities.phoneVerification.patch({ phone })
        .add({ attempts: 1, version: 1 })
        .where(({ version }, { eq }) => eq(version, pending.version))
        .go()
        .catch(ignoreCondition);
    return 'wrong-code';
  }
  try {
    await transact([
      {
        // Only while the user's number is still the one the code went to (a changed number clears verification).
        write: (tx) =>
          tx.user
            .patch({ userId: pending.userId })
            .set({ isPhoneNumberVerified: true })
            .add({ version: 1 })
            .where(({ phoneNumber }, { eq }) => eq(phoneNumber, pending.userPhone))
            .commit(),
        onConditionFailed: () => new NumberChanged(),
      },
      (tx) => tx.phoneVerification.delete({ phone }).where(({ version }, { eq }) => eq(version, pending.version)).commit(),
    ]);
  } catch (error) {
    if (error instanceof NumberChanged) {
      await spend();
      return 'number-changed';
    }
    if (error instanceof ConflictError) return 'no-code'; // the code was spent meanwhile (a repeated delivery)
    throw error;
  }
  log('info', 'phone number verified', { userId: pending.userId });
  return 'verified';
}

class NumberChanged extends ConflictError {}

function ignoreCondition(error: unknown): void {
  if (!isConditionFailure(error)) throw error;
}
