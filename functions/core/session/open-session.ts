import { db } from '../../db/service';
import { config } from '../../lib/config';
import { formatSessionToken, newSessionId } from './session-token';
import { sessionTtl } from './session-times';

export interface SessionSignIn {
  /** The sign-in proved a second factor (the provider asked for an authenticator app code). */
  secondFactor?: boolean;
  /** The provider's access token, sealed, for setting up an authenticator app in this session. */
  sealedAccessToken?: string;
}

/** Creates a server-side session for a user and returns the cookie token and its lifetime. */
export async function openSession(userId: string, signIn: SessionSignIn = {}): Promise<{ token: string; maxAgeSeconds: number }> {
  const sessionId = newSessionId();
  const maxAgeSeconds = Math.round(config.sessionDays * 24 * 3600);
  const now = Date.now();
  const expiresAt = now + maxAgeSeconds * 1000;
  await db()
    .entities.session.create({
      sessionId,
      userId,
      createdAt: new Date(now).toISOString(),
      lastSeenAt: new Date(now).toISOString(),
      expiresAt: new Date(expiresAt).toISOString(),
      ttl: sessionTtl(expiresAt, now),
      secondFactor: Boolean(signIn.secondFactor),
      sealedAccessToken: signIn.sealedAccessToken,
    })
    .go();
  return { token: formatSessionToken(userId, sessionId), maxAgeSeconds };
}
