import { ForbiddenError } from '../../lib/errors';
import type { Action, Subject } from '../../../shared/auth/vocabulary';
import type { AuthContext } from '../session/resolve-session';

type Policy = { actions: string[]; subjects: string[] };

/**
 * No privilege escalation: a non-superadmin may only grant (write into a role, or give a
 * role) what their own ability allows at type level, and never `all`. Returns the first
 * action and subject they could not grant, or null.
 */
export function firstUngrantable(auth: AuthContext, policies: Policy[]): { action: string; subject: string } | null {
  if (auth.isSuperadmin) return null;
  for (const policy of policies) {
    for (const subject of policy.subjects) {
      for (const action of policy.actions) {
        if (subject === 'all' || !auth.ability.can(action as Action, subject as Subject)) return { action, subject };
      }
    }
  }
  return null;
}

export function canGrant(auth: AuthContext, policies: Policy[]): boolean {
  return firstUngrantable(auth, policies) === null;
}

/** 403 'You cannot grant {action} {subject}.' for the first policy the caller could not grant. */
export function assertCanGrant(auth: AuthContext, policies: Policy[]): void {
  const refused = firstUngrantable(auth, policies);
  if (refused) throw new ForbiddenError(`You cannot grant ${refused.action} ${refused.subject}.`);
}
