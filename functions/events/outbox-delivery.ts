import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { encodeTime } from 'ulid';
import { addNotification } from '../db/access/notifications';
import type { outbox } from '../db/entities/outbox';
import { deterministicId } from '../db/ids';
import { db } from '../db/service';
import { isConditionFailure } from '../db/versioned';
import { sendEmail, type EmailMessage } from '../lib/adapters/mail';
import { renderEmail } from '../lib/email/render-email';
import { unsubscribeUrl } from '../core/notifications/unsubscribe';
import { sendSms } from '../lib/adapters/sms';
import { removeUpload } from '../lib/adapters/storage';
import { releaseFile } from '../core/files/file-release';
import { log } from '../lib/log';
import { outboxPayloadSchemas, type OutboxKind, type OutboxPayload } from '../core/outbox/outbox-payloads';
import { emailBlockedReason, smsBlockedReason } from './outbox-recipients';
import { fanOutNotification } from './outbox-fanout';
import { deliverInterviewReminder } from './outbox-interview-reminder';

/**
 * Delivers outbox items (ARCHITECTURE.md section 5) so that each effect happens once:
 * 1. claim: a conditional update takes a lease (status pending, no lease or an expired one),
 *    so two workers (a stream retry and the sweep) never work on one item at once, and a
 *    crashed worker's item is taken over once its lease runs out;
 * 2. check consent and suppression (./outbox-recipients.ts): a blocked item is `skipped`;
 * 3. send: notifications are created under an id derived from the item and the recipient,
 *    only if absent, so a repeat is a no-op, and then fan out to email and SMS
 *    (./outbox-fanout.ts: items created only if absent); an email or SMS is first marked `handedOffAt`,
 *    so a later claimant can tell that a crashed worker may already have sent it;
 * 4. mark it `sent` (or `skipped`/`failed`), conditioned on still holding the lease, with a TTL.
 * Neither SES nor SMS through SNS accepts an idempotency token, hence step 3's marker: an
 * email or SMS whose worker died after handing it over is marked failed ("unconfirmed")
 * rather than sent a second time. An item with `notBefore` (an SMS held through quiet hours)
 * is not claimed before that time.
 */

/** How long a claim holds: longer than one delivery can take (the worker Lambda times out at 30 s). */
export const LEASE_MS = 60_000;
/** Claims per item; a failure on the last one (or a crash loop) marks the item `failed`. */
export const MAX_ATTEMPTS = 5;
/** Handled items (sent, skipped, failed) stay this long for diagnosis, then DynamoDB's TTL removes them. */
export const HANDLED_RETENTION_DAYS = 30;
/** Pending items one sweep delivers at most, oldest first. */
export const SWEEP_LIMIT = 25;

export type OutboxItem = EntityItem<typeof outbox>;
/** `leased`: another worker holds the item; `handled`: it was no longer pending (or is gone); `held`: not before its `notBefore`. */
export type DeliveryOutcome = 'sent' | 'skipped' | 'failed' | 'leased' | 'handled' | 'held';
export type DeliveryStep = 'claimed' | 'sent';

/**
 * Seams for tests: the clock (lease expiry without waiting) and a hook called after each
 * step, which a test makes throw to play a worker that dies there.
 */
export const outboxSeams = {
  now: (): number => Date.now(),
  afterStep: (_step: DeliveryStep, _outboxId: string): void => undefined,
};

/** A payload that can never be delivered; retrying would not help. */
class UndeliverableError extends Error {}

type Delivered = { skipReason: string } | { providerMessageId?: string };

function handledTtl(): number {
  return Math.floor(outboxSeams.now() / 1000) + HANDLED_RETENTION_DAYS * 86_400;
}

function parsePayload<K extends OutboxKind>(kind: K, payload: unknown): OutboxPayload<K> {
  const parsed = outboxPayloadSchemas[kind]?.safeParse(payload);
  if (!parsed?.success) throw new UndeliverableError(`Invalid ${kind} payload: ${parsed?.error.message ?? 'unknown kind'}`);
  return parsed.data as OutboxPayload<K>;
}

/** Takes the lease, counting the attempt; the claimed item, or why it cannot be claimed. */
async function claim(outboxId: string, owner: string): Promise<OutboxItem | 'leased' | 'handled' | 'held'> {
  const now = outboxSeams.now();
  try {
    const { data } = await db()
      .entities.outbox.patch({ outboxId })
      .set({ leaseOwner: owner, leaseUntil: now + LEASE_MS })
      .add({ attempts: 1 })
      .where(
        ({ status, leaseUntil, notBefore }, { eq, notExists, lt, lte }) =>
          `${eq(status, 'pending')} AND (${notExists(leaseUntil)} OR ${lt(leaseUntil, now)}) AND (${notExists(notBefore)} OR ${lte(notBefore, now)})`,
      )
      .go({ response: 'all_new' });
    return data as OutboxItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { data } = await db().entities.outbox.get({ outboxId }).go({ consistent: true });
    if (data?.status !== 'pending') return 'handled';
    return data.notBefore !== undefined && data.notBefore > now ? 'held' : 'leased';
  }
}

/** A write that holds only while `owner` still has the item (nobody took the lease over). */
function whileOwned(owner: string) {
  return ({ status, leaseOwner }: any, { eq }: any) => `${eq(status, 'pending')} AND ${eq(leaseOwner, owner)}`;
}

/** Marks the item handled; false when another worker took it over meanwhile. */
async function finish(outboxId: string, owner: string, changes: { status: 'sent' | 'skipped' | 'failed'; skipReason?: string; lastError?: string; providerMessageId?: string }): Promise<boolean> {
  const sentAt = changes.status === 'sent' ? { sentAt: new Date(outboxSeams.now()).toISOString() } : {};
  try {
    await db().entities.outbox.patch({ outboxId }).set({ ...changes, ...sentAt, ttl: handledTtl() }).where(whileOwned(owner)).go();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    log('warn', 'outbox lease lost before the item was marked', { outboxId, status: changes.status });
    return false;
  }
}

/** Gives the item back after a failure that may be retried (stream retry or sweep). */
async function release(outboxId: string, owner: string, error: unknown): Promise<void> {
  await db()
    .entities.outbox.patch({ outboxId })
    .set({ lastError: errorText(error) })
    .remove(['leaseOwner', 'leaseUntil', 'handedOffAt'])
    .where(whileOwned(owner))
    .go()
    .catch((writeError) => {
      if (!isConditionFailure(writeError)) throw writeError;
    });
}

/** Recorded right before an email or SMS leaves; throws when the lease was lost, so nothing is sent. */
async function markHandedOff(outboxId: string, owner: string): Promise<void> {
  await db().entities.outbox.patch({ outboxId }).set({ handedOffAt: new Date(outboxSeams.now()).toISOString() }).where(whileOwned(owner)).go();
}

function errorText(error: unknown): string {
  return String((error as Error)?.message ?? error).slice(0, 500);
}

/** An email or SMS: consent first, then the hand-off marker, then the provider. */
async function sendOutside<M>(
  item: OutboxItem,
  owner: string,
  message: M,
  blockedReason: (message: M) => Promise<string | undefined>,
  provider: (message: M) => Promise<string | undefined>,
): Promise<Delivered> {
  const skipReason = await blockedReason(message);
  if (skipReason) return { skipReason };
  await markHandedOff(item.outboxId, owner);
  return { providerMessageId: await provider(message) };
}

/**
 * The email as it leaves: content rendered in the app's layout; a notification email gets
 * the one-click unsubscribe link in its footer and headers (RFC 8058).
 */
async function emailMessage(email: OutboxPayload<'email'>): Promise<EmailMessage> {
  const attachments = email.attachments;
  if (!email.content) return { to: email.to, subject: email.subject, html: email.html!, text: email.text!, attachments };
  const unsubscribe = email.purpose === 'notification' && email.userId ? unsubscribeUrl(email.userId, email.to) : undefined;
  const { html, text } = await renderEmail(email.content, unsubscribe);
  const headers = unsubscribe
    ? [
        { name: 'List-Unsubscribe', value: `<${unsubscribe}>` },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ]
    : undefined;
  return { to: email.to, subject: email.subject, html, text, headers, attachments };
}

async function send(item: OutboxItem, owner: string): Promise<Delivered> {
  switch (item.kind) {
    case 'notification': {
      const notification = parsePayload('notification', item.payload);
      const { userId, message, link, items } = notification;
      const notificationId = deterministicId(Date.parse(item.createdAt), item.outboxId, userId);
      await addNotification(userId, { message, link, items, notificationId, createdAt: item.createdAt });
      await fanOutNotification({ outboxId: item.outboxId, at: Date.parse(item.createdAt) }, notification);
      return { providerMessageId: notificationId };
    }
    case 'email':
      return sendOutside(item, owner, parsePayload('email', item.payload), emailBlockedReason, async (email) => sendEmail(await emailMessage(email)));
    case 'sms':
      return sendOutside(item, owner, parsePayload('sms', item.payload), (sms) => smsBlockedReason(sms, item.outboxId, outboxSeams.now()), sendSms);
    case 'removeObject':
      await removeUpload(parsePayload('removeObject', item.payload).key);
      return {};
    case 'interviewReminder':
      return deliverInterviewReminder(item.outboxId, Date.parse(item.createdAt), parsePayload('interviewReminder', item.payload));
    case 'releaseFile':
      await releaseFile(parsePayload('releaseFile', item.payload).key);
      return {};
  }
}

/**
 * Delivers one outbox item if it is pending and free. Returns what happened; throws when
 * the delivery failed and should be retried (the lease is released for the retry).
 */
export async function deliverOutboxItem(outboxId: string): Promise<DeliveryOutcome> {
  const owner = randomUUID();
  const item = await claim(outboxId, owner);
  if (typeof item === 'string') return item;
  outboxSeams.afterStep('claimed', outboxId);

  if (item.handedOffAt) {
    // The last claimant died after handing the message over: it may have gone out. Never send it twice.
    const lastError = `Unconfirmed: a worker stopped after handing this ${item.kind} to the provider at ${item.handedOffAt}; not sent again`;
    await finish(outboxId, owner, { status: 'failed', lastError });
    log('error', 'outbox delivery unconfirmed', { outboxId, kind: item.kind });
    return 'failed';
  }
  if (item.attempts > MAX_ATTEMPTS) {
    await finish(outboxId, owner, { status: 'failed', lastError: item.lastError ?? `No delivery finished in ${MAX_ATTEMPTS} attempts` });
    log('error', 'outbox delivery gave up', { outboxId, kind: item.kind, attempts: item.attempts });
    return 'failed';
  }

  let delivered: Delivered;
  try {
    delivered = await send(item, owner);
  } catch (error) {
    const retry = !(error instanceof UndeliverableError) && item.attempts < MAX_ATTEMPTS;
    log(retry ? 'warn' : 'error', 'outbox delivery failed', { outboxId, kind: item.kind, attempts: item.attempts, error: errorText(error) });
    if (retry) {
      await release(outboxId, owner, error);
      throw error;
    }
    await finish(outboxId, owner, { status: 'failed', lastError: errorText(error) });
    return 'failed';
  }
  outboxSeams.afterStep('sent', outboxId);

  if ('skipReason' in delivered) {
    await finish(outboxId, owner, { status: 'skipped', skipReason: delivered.skipReason });
    log('info', 'outbox item skipped', { outboxId, kind: item.kind, reason: delivered.skipReason });
    return 'skipped';
  }
  await finish(outboxId, owner, { status: 'sent', providerMessageId: delivered.providerMessageId });
  log('info', 'outbox delivered', { outboxId, kind: item.kind });
  return 'sent';
}

/**
 * The sweep's part for the outbox: pending items whose lease is free or expired, oldest
 * first, at most `limit`, through the `byStatus` index (a Query, never a Scan). Catches
 * what the stream missed: items written while no worker ran, records whose retries ran
 * out, items of a worker that died. Returns how many were sent.
 */
export async function deliverPendingOutbox(limit = SWEEP_LIMIT): Promise<number> {
  const now = outboxSeams.now();
  // Ids sort by time; a held item's id sorts at its `notBefore`, so it is out of reach until then.
  const { data } = await db()
    .entities.outbox.query.byStatus({ status: 'pending' })
    .lte({ outboxId: `${encodeTime(now, 10)}ZZZZZZZZZZZZZZZZ` })
    .go({ limit });
  let sent = 0;
  for (const item of data) {
    if (item.leaseUntil !== undefined && item.leaseUntil >= now) continue; // being worked on
    try {
      if ((await deliverOutboxItem(item.outboxId)) === 'sent') sent += 1;
    } catch {
      // recorded on the item; the next sweep tries again
    }
  }
  return sent;
}
