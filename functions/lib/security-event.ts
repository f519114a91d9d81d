import { log } from './log';
import { currentRequest } from './request-context';

/**
 * The security events the API records (docs/security.md "What is logged"). Sign-in and
 * sessions are recorded by functions/core/session; role, permission, activation and
 * merge changes by the code that makes them.
 */
export type SecurityEventName =
  | 'sign-in.succeeded'
  | 'sign-in.failed'
  | 'sign-out'
  | 'sessions.ended'
  | 'access.denied'
  | 'request.refused'
  | 'rate.limited'
  | 'mfa.required'
  | 'mfa.setup-started'
  | 'mfa.setup-failed'
  | 'mfa.enabled'
  | 'role.changed'
  | 'permission.changed'
  | 'user.activation-changed'
  | 'user.deactivated'
  | 'user.merged'
  | 'user.merge-undone'
  | 'user.erased';

/**
 * Ids, codes and counts only: never tokens, passwords, emails, names or free text a user
 * typed. `reason` is a short fixed code such as `state-mismatch` or `not-linked`.
 */
export interface SecurityEventFields {
  outcome?: 'success' | 'failure' | 'denied';
  /** The acting user when not the signed-in one (the signed-in one is added by itself). */
  userId?: string;
  /** The user acted on (role, permission, activation changes, merges). */
  targetUserId?: string;
  reason?: string;
  status?: number;
  [id: `${string}Id`]: string | undefined;
  count?: number;
}

/**
 * Records one security event as a structured log line with the request id, the signed-in
 * user, the route and the outcome. Other engineers: call this for role, permission and
 * activation changes, merges and deactivations, for example
 * `securityEvent('role.changed', { outcome: 'success', targetUserId, roleId })`.
 */
export function securityEvent(name: SecurityEventName, fields: SecurityEventFields = {}): void {
  const request = currentRequest();
  log('info', 'security event', {
    event: name,
    requestId: request?.requestId,
    route: request?.route,
    method: request?.method,
    userId: request?.userId,
    ...fields,
  });
}
