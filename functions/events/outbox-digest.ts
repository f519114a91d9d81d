import type { EntityItem } from 'electrodb';
import type { emailDigestLine } from '../db/entities/email-digest-line';
import { deterministicId } from '../db/ids';
import { db } from '../db/service';
import { StaleVersionError } from '../db/versioned';
import { transact, TRANSACTION_MAX_ITEMS, type TransactionItem } from '../db/transact';
import { config } from '../lib/config';
import { appLink } from '../lib/email/email-content';
import { log } from '../lib/log';
import type { OutboxPayloadInput } from '../core/outbox/outbox-payloads';
import { readRecipient, type Recipient } from '../core/outbox/outbox-recipient';
import { clip, wantsEmail } from './outbox-fanout';

/**
 * The daily digest (docs/notifications.md): a digest-mode user's notification emails wait as
 * lines in their partition (./outbox-fanout.ts), each due at the next digest hour in their
 * conference's time zone. The sweep (and `trigger-email-notifications`) finds users with due
 * lines through the lines' `byDue` index and, per user, writes ONE email item listing their
 * lines and deletes those lines in the same transaction: a line is in one digest only.
 */
type Line = EntityItem<typeof emailDigestLine>;

/** Lines one digest lists at most: the transaction holds them plus the email item. */
export const DIGEST_LINES_MAX = TRANSACTION_MAX_ITEMS - 1;
/** Due lines one read of the index takes; their users' digests are sent, then the next read. */
export const DIGEST_SCAN_LIMIT = 100;
/** Digests one run sends at most (about four requests each: a 30-second worker does this many with room to spare); the rest next run. */
export const DIGESTS_PER_RUN = 200;
const ROUNDS_PER_RUN = 10;

/** Entries one email lists at most (the email content's bound). */
export const DIGEST_ENTRIES_MAX = 100;
const SUB_ITEM_MARK = '– ';

type Entry = { text: string; url: string };
const entryOf = (text: string, link: string): Entry => ({ text: clip(text, 300), url: appLink(config.appUrl, link) });

/**
 * The email's list: each line with its link, an escalation's own items right under it (marked
 * '– '). Every line is listed; items fill the room left in DIGEST_ENTRIES_MAX, and a line whose
 * items do not fit ends with "– and N more" linking the line's page.
 */
export function digestEntries(lines: Pick<Line, 'text' | 'link' | 'items'>[]): Entry[] {
  let room = DIGEST_ENTRIES_MAX - lines.length;
  return lines.flatMap((line) => {
    const link = line.link ?? '/';
    const items = line.items ?? [];
    const fits = items.length <= room ? items.length : Math.max(0, room - 1);
    const shown = items.slice(0, fits).map((item) => entryOf(`${SUB_ITEM_MARK}${item.text}`, item.link));
    const rest = items.length - fits;
    const more = rest > 0 && room > 0 ? [entryOf(`${SUB_ITEM_MARK}and ${rest} more`, link)] : [];
    room -= shown.length + more.length;
    return [entryOf(line.text, link), ...shown, ...more];
  });
}

function digestEmail({ user, conferenceName }: Recipient, lines: Line[]): OutboxPayloadInput<'email'> {
  const count = lines.length === 1 ? 'One notification' : `${lines.length} notifications`;
  return {
    to: user.email,
    userId: user.userId,
    subject: `Your daily digest: ${count.toLowerCase()}`,
    content: {
      conferenceName,
      greeting: `Hello ${user.firstName},`,
      paragraphs: [`${count} since your last digest:`],
      items: digestEntries(lines),
      action: { label: 'Open Formation Tracks', url: appLink(config.appUrl, '/') },
    },
  };
}

/**
 * Sends one user's digest of every waiting line (up to DIGEST_LINES_MAX; more go in the next
 * one). Lines of someone who turned email off meanwhile are dropped unsent. True when an
 * email item was written.
 */
export async function sendDigest(userId: string, now: number): Promise<boolean> {
  const { data: lines } = await db().entities.emailDigestLine.query.byUser({ userId }).go({ limit: DIGEST_LINES_MAX, consistent: true });
  if (lines.length === 0) return false;
  const recipient = await readRecipient(userId);
  const send = recipient !== null && wantsEmail(recipient);
  const writes: TransactionItem[] = lines.map((line) => (tx) => tx.emailDigestLine.delete({ userId, lineId: line.lineId }).where(({ lineId }, { exists }) => exists(lineId)).commit());
  if (send) {
    const outboxId = deterministicId(now, userId, lines[0].lineId);
    writes.push((tx) => tx.outbox.create({ outboxId, kind: 'email', payload: digestEmail(recipient, lines) }).commit());
  }
  try {
    await transact(writes);
  } catch (error) {
    // Another run sent these lines a moment ago.
    if (error instanceof StaleVersionError) return false;
    throw error;
  }
  if (!send) log('info', 'digest lines dropped: email notifications are off', { userId, lines: lines.length });
  return send;
}

/**
 * Sends the digests of users with lines due by `now` (all waiting lines with `all`, for
 * `trigger-email-notifications`): reads the index DIGEST_SCAN_LIMIT lines at a time and sends
 * those users' digests (which deletes their lines), until none are left or DIGESTS_PER_RUN
 * were sent. Returns how many digest emails were written.
 */
export async function sendDueDigests(now: number, options: { all?: boolean } = {}): Promise<number> {
  let sent = 0;
  for (let round = 0; round < ROUNDS_PER_RUN && sent < DIGESTS_PER_RUN; round++) {
    const index = db().entities.emailDigestLine.query.byDue({});
    const { data } = await (options.all ? index : index.lt({ dueAt: now + 1 })).go({ limit: DIGEST_SCAN_LIMIT });
    if (data.length === 0) break;
    let sentThisRound = 0;
    for (const userId of new Set(data.map((line) => line.userId))) {
      if (await sendDigest(userId, now)) sentThisRound += 1;
    }
    sent += sentThisRound;
    // Nothing sent (another run took these lines, or their owners turned email off): the next read would find the same.
    if (sentThisRound === 0 && data.length < DIGEST_SCAN_LIMIT) break;
  }
  return sent;
}
