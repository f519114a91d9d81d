import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_IN_USE } from '../../../shared/schemas/user';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { projectOrWait } from '../../db/directory-projection';
import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { nameCopiesJob } from './name-copies';
import { transact, type TransactionItem } from '../../db/transact';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import { personRecord } from '../records/audit-records';
import { auditEntryWrite, fieldChange } from '../records/audit-write';
import type { OutboxPayloadInput } from '../outbox/outbox-payloads';
import { config } from '../../lib/config';
import { ValidationError } from '../../lib/errors';
import { log } from '../../lib/log';
import { accountPort } from '../identity/accounts';
import { projectUser } from '../users/user-projector';

/**
 * Changing a user's email (SPEC.md sections 2 and 4): the details save claims the new address
 * at once (nobody else can take it meanwhile) and mails a confirmation link to it through the
 * outbox; the user keeps signing in and receiving mail at the old address until the link is
 * followed. Confirming swaps the address, releases the old claim and tells the identity
 * provider; a newer change or the link's expiry makes an older link useless.
 */
export const CONFIRMATION_HOURS = 24;
export const CONFIRM_EMAIL_PATH = '/api/notification/confirm-email-unauthed';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

function confirmationEmail(to: string, userId: string, firstName: string, link: string): OutboxPayloadInput<'email'> {
  return {
    to,
    subject: 'Confirm your new Formation Tracks email address',
    content: {
      greeting: `Hello ${firstName},`,
      paragraphs: [`Confirm your new email address for Formation Tracks (the link works for ${CONFIRMATION_HOURS} hours).`],
      action: { label: 'Confirm your new email address', url: link },
      note: 'If you did not ask for this change, ignore this email: nothing changes.',
    },
    userId,
    purpose: 'account',
  };
}

/**
 * The transaction items of a details save that changes the email to `newEmail`: claim it
 * (EMAIL_IN_USE when taken), release an earlier pending claim, open a token and mail the link.
 * The caller's user write sets `pendingEmail` (returned in `set`).
 */
export function emailChangeWrites(target: UserAggregate, newEmail: string, now = Date.now()): { writes: TransactionItem[]; set: { pendingEmail: string } } {
  const { userId, pendingEmail, firstName } = target.user;
  const email = newEmail.trim().toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + CONFIRMATION_HOURS * 3_600_000;
  const link = `${config.appUrl}${CONFIRM_EMAIL_PATH}?data=${encodeURIComponent(token)}`;
  const writes: TransactionItem[] = [
    (tx) => tx.emailChange.put({ tokenHash: hashToken(token), userId, email, expiresAt, ttl: Math.floor(expiresAt / 1000) + 86_400 }).commit(),
    (tx) => tx.outbox.create({ outboxId: newId(now), kind: 'email', payload: confirmationEmail(email, userId, firstName, link) }).commit(),
  ];
  if (pendingEmail !== email) {
    writes.push({
      // Ours already (a change back to an address claimed for us) or free.
      write: (tx) => tx.userEmail.put({ email, userId }).where(({ userId: owner }, { notExists, eq }) => `${notExists(owner)} OR ${eq(owner, userId)}`).commit(),
      onConditionFailed: () => new ValidationError({ email: [EMAIL_IN_USE] }, EMAIL_IN_USE),
    });
    if (pendingEmail) writes.push((tx) => tx.userEmail.delete({ email: pendingEmail }).where(ownClaimOrNone(userId)).commit());
  }
  return { writes, set: { pendingEmail: email } };
}

/** Releases a pending change when the email is set back to the current address (its claim and any link stop counting). */
export function cancelEmailChangeWrites(target: UserAggregate): TransactionItem[] {
  const { userId, pendingEmail } = target.user;
  return pendingEmail ? [(tx) => tx.userEmail.delete({ email: pendingEmail }).where(ownClaimOrNone(userId)).commit()] : [];
}

/** A claim to release: ours, or already gone (a user made before claims existed has none). */
function ownClaimOrNone(userId: string) {
  return ({ userId: owner }: any, { eq, notExists }: any) => `${notExists(owner)} OR ${eq(owner, userId)}`;
}

export interface Confirmation {
  isVerified: boolean;
  userId?: string;
}

/**
 * Follows a confirmation link: the token must be open, unexpired and for the user's current
 * pending address. One transaction swaps the email, releases the old claim and spends the
 * token (single use); then the identity provider and the directory follow.
 */
export async function confirmEmail(token: string, now = Date.now()): Promise<Confirmation> {
  const tokenHash = hashToken(token);
  const { data: change } = await db().entities.emailChange.get({ tokenHash }).go({ consistent: true });
  if (!change) return { isVerified: false };
  const { userId, email } = change;
  // The aggregate (one Query, like the GetItem it replaces) gives the audit entry the person's places too.
  const target = await loadUserAggregate(userId, { consistent: true });
  const user = target?.user;
  if (!target || !user || change.expiresAt < now || user.pendingEmail !== email) {
    await db().entities.emailChange.delete({ tokenHash }).go();
    return { isVerified: false, userId };
  }
  const previous = user.email;
  try {
    await transact([
      (tx) =>
        tx.user
          .patch({ userId })
          .set({ email })
          .remove(['pendingEmail'])
          .add({ version: 1 })
          .where(({ pendingEmail, email: current }, { eq }) => `${eq(pendingEmail, email)} AND ${eq(current, previous)}`)
          .commit(),
      (tx) => tx.userEmail.delete({ email: previous }).where(ownClaimOrNone(userId)).commit(),
      (tx) => tx.emailChange.delete({ tokenHash }).where(({ userId: owner }, { exists }) => exists(owner)).commit(),
      // Copies of the user's name carry the email too (mentor links, enrolments ...): they follow.
      nameCopiesJob(userId, user.version + 1).write,
      // The person confirmed it by following the link: they are the actor.
      auditEntryWrite({ actor: { actorId: userId, actorName: `${user.firstName} ${user.lastName}` }, ...personRecord(target), action: 'user.email.confirmed', kind: 'profile', changes: fieldChange('email', previous, email) }),
    ]);
  } catch (error) {
    log('info', 'email confirmation lost a race', { userId, error: String((error as Error).message ?? error) });
    return { isVerified: false, userId };
  }
  try {
    await accountPort().changeEmail({ email: previous, cognitoUsername: user.cognitoUsername }, email);
  } catch (error) {
    // The app's own record is what sign-in binds to (the provider's subject); the provider's copy is repaired by the next change.
    log('error', 'identity provider email not updated', { userId, error: String((error as Error).message ?? error) });
  }
  await projectOrWait(() => projectUser(userId), 'request').catch((error) => log('warn', 'user projection deferred to the stream', { userId, error: String(error) }));
  return { isVerified: true, userId };
}

/** Where a confirmation link lands: the email-verification page (SPEC.md section 2). */
export function verificationPage({ isVerified, userId }: Confirmation): string {
  const query = new URLSearchParams({ isVerified: String(isVerified), ...(userId ? { user: userId } : {}) });
  return `/users/email-verification?${query}`;
}
