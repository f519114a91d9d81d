import type * as z from 'zod';
import type { subscribeInputSchema } from '../../../shared/schemas/notification-publish';
import { updateProfileDetails } from '../people/profile-details';
import type { AuthContext } from '../session/resolve-session';

/**
 * Subscribe: the caller's own channels through the profile's save (one code path: the same
 * versioned write, the same SMS rule: on only with a verified, unchanged number).
 */
export async function subscribe(auth: AuthContext, input: z.output<typeof subscribeInputSchema>) {
  const saved = await updateProfileDetails(auth, auth.userId, input);
  return { emailNotificationsOptIn: saved.emailNotificationsOptIn, smsOptIn: saved.smsOptIn, version: saved.version };
}
