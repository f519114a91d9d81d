import { DEMO_USERS } from '../../functions/db/seed/demo';
import { openSession } from '../../functions/core/session/open-session';
import { sessionCookieName } from '../../functions/lib/http/cookies';

export function demoUser(email: string) {
  const user = DEMO_USERS.find((u) => u.email === email);
  if (!user) throw new Error(`No demo user ${email}`);
  return user;
}

/**
 * A real session item for a demo user, as the sign-in callback would create; returns the Cookie
 * header value. Demo accounts with an authenticator app (superadmin, conference admin) are asked
 * for its code at sign-in, so their sessions have the second factor, as the callback records.
 */
export async function cookieFor(email: string): Promise<string> {
  const user = demoUser(email);
  const { token } = await openSession(user.id, { secondFactor: Boolean(user.totpSecret) });
  return `${sessionCookieName()}=${token}`;
}

/** A session for any user id (test users too), signed in with the second factor as an admin would be. */
export async function cookieForUser(userId: string): Promise<string> {
  const { token } = await openSession(userId, { secondFactor: true });
  return `${sessionCookieName()}=${token}`;
}
