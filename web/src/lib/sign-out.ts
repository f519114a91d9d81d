import type { logout, logoutEverywhere } from '@shared/api/security';
import { call } from './api/client';
import { route } from './api/routes';

/**
 * Ends the server session (`security.logout`) or every session of the user
 * (`security.logoutEverywhere`), then leaves through the identity provider's sign-out.
 * If the call fails the browser still leaves the app.
 */
export async function signOutThrough(id: 'security.logout' | 'security.logoutEverywhere'): Promise<void> {
  try {
    const { url } = await call(route<typeof logout | typeof logoutEverywhere>(id));
    window.location.assign(url);
  } catch {
    window.location.assign('/');
  }
}
