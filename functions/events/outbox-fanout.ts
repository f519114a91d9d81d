import { encodeTime } from 'ulid';
import { deterministicId } from '../db/ids';
import { db } from '../db/service';
import { StaleVersionError } from '../db/versioned';
import { transact, type TransactionWrite } from '../db/transact';
import { config } from '../lib/config';
import { appLink, PRODUCT_NAME } from '../lib/email/email-content';
import { quietHoursEnd, nextLocalHour } from '../lib/zoned-time';
import type { OutboxPayload, OutboxPayloadInput } from '../core/outbox/outbox-payloads';
import { readRecipient, type Recipient } from '../core/outbox/outbox-recipient';
import { isAddressSuppressed } from '../core/outbox/address-suppression';

/**
 * The other channels of a bell notification (docs/notifications.md), decided when the worker
 * delivers the `notification` item, from the recipient's CURRENT profile:
 * - email, with `emailNotificationsOptIn`, an address and no suppression: an `email` item, or
 *   a digest line when the user is in digest mode (their choice, or a busy hour); a notification
 *   with a calendar invitation is always its own email, the invitation attached;
 * - SMS, with `smsOptIn` and a verified number: an `sms` item, held past quiet hours.
 * Every item's id is derived from the notification item, and each is created only if absent
 * (the email item and the digest line exclude each other in one transaction), so a repeated
 * delivery adds nothing: at most one email and one SMS per event and person.
 */
export interface SourceItem {
  outboxId: string;
  /** Epoch ms of the event (the notification item's creation). */
  at: number;
}

const EMAIL_SUBJECT_MAX = 120;
const SMS_MAX = 300;

export const emailItemId = (source: SourceItem) => deterministicId(source.at, source.outboxId, 'email');
export const digestLineId = (source: SourceItem) => deterministicId(source.at, source.outboxId, 'digest');

/** `text` cut to `max` characters, an ellipsis marking the cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Writes `writes` unless one of their conditions says it was done already; true when written. */
async function writeOnce(writes: TransactionWrite[]): Promise<boolean> {
  try {
    await transact(writes);
    return true;
  } catch (error) {
    if (error instanceof StaleVersionError) return false;
    throw error;
  }
}

/** More than AUTO_DIGEST_PER_HOUR notifications in the hour up to the event: the user is being flooded. */
async function busyHour(userId: string, at: number): Promise<boolean> {
  const threshold = config.autoDigestPerHour;
  const { data } = await db()
    .entities.notification.query.byUser({ userId })
    .between({ notificationId: encodeTime(at - 3_600_000, 10) }, { notificationId: `${encodeTime(at, 10)}Z` })
    .go({ limit: threshold + 1 });
  return data.length > threshold;
}

export function notificationEmail({ user, conferenceName }: Recipient, notification: OutboxPayload<'notification'>): OutboxPayloadInput<'email'> {
  const { message, link, items, calendar } = notification;
  return {
    ...(calendar ? { attachments: [{ filename: calendar.method === 'CANCEL' ? 'cancelled.ics' : 'invite.ics', contentType: `text/calendar; charset=utf-8; method=${calendar.method}`, content: calendar.ics }] } : {}),
    to: user.email,
    userId: user.userId,
    subject: clip(message, EMAIL_SUBJECT_MAX),
    content: {
      conferenceName,
      greeting: `Hello ${user.firstName},`,
      paragraphs: [message],
      action: { label: link ? 'Open in Formation Tracks' : 'Open Formation Tracks', url: appLink(config.appUrl, link ?? '/') },
      items: items?.map((item) => ({ text: item.text, url: appLink(config.appUrl, item.link) })),
    },
  };
}

function smsText({ conferenceName }: Recipient, { message, link }: OutboxPayload<'notification'>): string {
  const url = link ? ` ${appLink(config.appUrl, link)}` : '';
  return `${clip(`${conferenceName ?? PRODUCT_NAME}: ${message}`, SMS_MAX - url.length)}${url}`;
}

async function emailOrDigestLine(source: SourceItem, recipient: Recipient, notification: OutboxPayload<'notification'>): Promise<void> {
  const { userId } = recipient.user;
  const emailId = emailItemId(source);
  const lineId = digestLineId(source);
  // A calendar invitation goes at once: a digest would carry it a day late and without its file.
  if (!notification.calendar && (recipient.user.emailDigest || (await busyHour(userId, source.at)))) {
    await writeOnce([
      (tx) =>
        tx.emailDigestLine
          .create({
            userId,
            lineId,
            text: clip(notification.message, 300),
            link: notification.link,
            ...(notification.items?.length ? { items: notification.items } : {}),
            dueAt: nextLocalHour(source.at, config.digestHour, recipient.timeZone),
          })
          .commit(),
      (tx) => tx.outbox.check({ outboxId: emailId }).where(({ outboxId }, { notExists }) => notExists(outboxId)).commit(),
    ]);
    return;
  }
  await writeOnce([
    (tx) => tx.outbox.create({ outboxId: emailId, kind: 'email', payload: notificationEmail(recipient, notification) }).commit(),
    (tx) => tx.emailDigestLine.check({ userId, lineId }).where(({ lineId: line }, { notExists }) => notExists(line)).commit(),
  ]);
}

async function smsItem(source: SourceItem, recipient: Recipient, notification: OutboxPayload<'notification'>): Promise<void> {
  // Decided from the event's time, not the delivery's, so a repeat derives the same id.
  const notBefore = quietHoursEnd(source.at, recipient.quietHours, recipient.timeZone);
  // The id sorts at the hold's end: the sweep's pending Query reaches it only then.
  const outboxId = deterministicId(notBefore ?? source.at, source.outboxId, 'sms');
  const payload: OutboxPayloadInput<'sms'> = { to: recipient.user.phoneNumber!, message: smsText(recipient, notification), userId: recipient.user.userId, timeZone: recipient.timeZone };
  await writeOnce([(tx) => tx.outbox.create({ outboxId, kind: 'sms', payload, ...(notBefore ? { notBefore } : {}) }).commit()]);
}

export function wantsEmail({ user }: Recipient): boolean {
  return !user.inactive && user.emailNotificationsOptIn !== false && Boolean(user.email);
}

export function wantsSms({ user }: Recipient): boolean {
  return !user.inactive && Boolean(user.smsOptIn && user.isPhoneNumberVerified && user.phoneNumber);
}

/** Creates the email (or digest line) and SMS items a delivered notification calls for. */
export async function fanOutNotification(source: SourceItem, notification: OutboxPayload<'notification'>): Promise<void> {
  const recipient = await readRecipient(notification.userId);
  if (!recipient) return;
  if (wantsEmail(recipient) && !(await isAddressSuppressed(recipient.user.email))) await emailOrDigestLine(source, recipient, notification);
  if (wantsSms(recipient)) await smsItem(source, recipient, notification);
}
