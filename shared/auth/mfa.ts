import { hasAnySystemRole, type RoleRef } from './permissions';
import type { SystemRoleName } from './vocabulary';

/**
 * Who must prove a second factor (an authenticator app code) before using the app:
 * the holders of the roles that can change everyone else's access.
 */
export const SECOND_FACTOR_ROLES: readonly SystemRoleName[] = ['Superadmin', 'ConferenceAdmin'];

/** The 403 message a session gets while its holder still has to set up an authenticator app. */
export const SECOND_FACTOR_REQUIRED = 'Set up an authenticator app to continue.';

/** Where the web app sets up an authenticator app. */
export const AUTHENTICATOR_PAGE = '/security/authenticator';

export function secondFactorRequired(roles: readonly RoleRef[]): boolean {
  return hasAnySystemRole(roles, SECOND_FACTOR_ROLES);
}
