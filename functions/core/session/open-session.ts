import { db } from '../../db/service';
import { config } from '../../lib/config';
import { formatSessionToken, newSessionId } from './session-token';

/** Creates a server-side session for a user and returns the cookie token and its lifetime. */
export async function openSession(userId: string): Promise<{ token: string; maxAgeSeconds: number }> {
  const sessionId = newSessionId();
  const maxAgeSeconds = config.sessionDays * 24 * 3600;
  const now = Date.now();
  await db()
    .entities.session.create({
      sessionId,
      userId,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + maxAgeSeconds * 1000).toISOString(),
      ttl: Math.floor(now / 1000) + maxAgeSeconds,
    })
    .go();
  return { token: formatSessionToken(userId, sessionId), maxAgeSeconds };
}
