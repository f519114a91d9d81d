import { db } from '../db/service';
import { isConditionFailure } from '../db/versioned';
import { config } from '../lib/config';
import { knownTimeZone, localDay } from '../lib/zoned-time';

/**
 * The daily cap on notification SMS per user (SMS_PER_DAY, default 5; SMS costs the
 * conference money). Taken right before an SMS is handed over: the outbox id joins the
 * user's set for the day (local to their conference, carried by the item) only while the set is under the cap, so a retried item (already
 * in the set) passes again without counting twice. Account SMS (codes) have their own cap.
 */
const DAY_TTL_SECONDS = 2 * 86_400;

export const smsCapReason = (cap: number) => `the recipient reached today's SMS limit (${cap})`;

/** Counts the SMS against the user's day; the reason to skip it when the cap is reached. */
export async function takeSmsSlot(userId: string, outboxId: string, now: number, timeZone: string | undefined): Promise<string | undefined> {
  const cap = config.smsPerDay;
  const day = localDay(now, knownTimeZone(timeZone));
  try {
    await db()
      .entities.notificationSmsDay.update({ userId, day })
      .add({ outboxIds: [outboxId] })
      .set({ ttl: Math.floor(now / 1000) + DAY_TTL_SECONDS })
      .where(({ outboxIds }, { notExists, size, value, contains }) => `${notExists(outboxIds)} OR ${size(outboxIds)} < ${value(outboxIds, cap as never)} OR ${contains(outboxIds, outboxId)}`)
      .go();
    return undefined;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return smsCapReason(cap);
  }
}
