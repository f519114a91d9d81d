import { verifyLocalCredentials } from '../../functions/core/identity/local-accounts';
import { DEMO_PASSWORD, DEMO_USERS } from '../../functions/db/seed/demo';
import { isLoopbackHost } from './loopback';

/**
 * The demo accounts' password is printed at every start and written in the README: an app
 * reachable from other machines with those accounts open is an app anyone can sign in to.
 * Refuses to go on when HOST is not loopback and any demo account still has that password.
 */
export async function assertSafeToExpose(host: string): Promise<void> {
  if (isLoopbackHost(host)) return;
  const open: string[] = [];
  for (const user of DEMO_USERS) {
    if (await verifyLocalCredentials(user.email, DEMO_PASSWORD)) open.push(user.email);
  }
  if (!open.length) return;
  throw new Error(
    `HOST=${host} would let other machines reach this app while demo accounts still have the demo password (${open.join(', ')}). ` +
      'Use HOST=127.0.0.1, or point TABLE_NAME or DYNAMODB_ENDPOINT at a table without the demo accounts.',
  );
}
