import { db } from '../../db/service';
import { isConditionFailure } from '../../db/versioned';
import { securityEvent } from '../../lib/security-event';

const PAGE = 100;

/**
 * Ends every session of a user at once: the next request with any of their cookies gets
 * 401, and reactivating the user later does not bring those cookies back. Call it when a
 * user is deactivated or merged away, and for "Sign out everywhere". Returns how many ended.
 * A user's sessions are few (each ends within SESSION_DAYS), read a page at a time.
 */
export async function endUserSessions(userId: string): Promise<number> {
  let ended = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { userId: string; sessionId: string }[]; cursor: string | null } = await db()
      .entities.session.query.byUser({ userId })
      .go({ limit: PAGE, cursor, attributes: ['userId', 'sessionId'] });
    if (page.data.length) {
      const { unprocessed } = await db().entities.session.delete(page.data).go();
      if (unprocessed.length) throw new Error(`Ending sessions: ${unprocessed.length} were not deleted`);
      ended += page.data.length;
    }
    cursor = page.cursor;
  } while (cursor);
  securityEvent('sessions.ended', { outcome: 'success', targetUserId: userId, count: ended });
  return ended;
}

/** Ends one session (sign-out); a session already gone is fine. */
export async function endSession(userId: string, sessionId: string): Promise<void> {
  try {
    await db().entities.session.delete({ userId, sessionId }).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
