import type { Api } from '@shared/api';
import { call } from './api/client';
import type { RouteRef } from './api/routes';

/**
 * Ends the server session (`routes.security.logout`) or every session of the user
 * (`routes.security.logoutEverywhere`), then leaves through the identity provider's sign-out.
 * If the call fails the browser still leaves the app.
 */
export async function signOutThrough(route: RouteRef<Api['security']['logout']> | RouteRef<Api['security']['logoutEverywhere']>): Promise<void> {
  try {
    const { url } = await call(route);
    window.location.assign(url);
  } catch {
    window.location.assign('/');
  }
}
