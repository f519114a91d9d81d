import type { Action, Subject } from '../../../shared/auth/vocabulary';
import { hasAnySystemRole } from '../../../shared/auth/permissions';
import { TRACK_OVERRIDE_ROLES } from '../../../shared/auth/policies/track-override';
import { ForbiddenError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { grantsFor, userListScopes } from './list-scopes';

/**
 * What a route can decide about its caller before reading its body (docs/security.md, "Request
 * handling"): whether they may call it at all, for any object. A route's `authorize`
 * (functions/lib/http/service-handler.ts) refuses those who may never call it, so they get 403
 * whatever the body holds; who may act on which object is still decided on the loaded items.
 * No reads: the session holds the caller's roles and permissions.
 */
type Caller = Pick<AuthContext, 'userId' | 'isSuperadmin' | 'permissions' | 'roles'>;

/** A role of theirs allows `action subject` at some place they are not denied (the superadmin: everywhere). */
export function mayActOnOthers(auth: Caller, action: Action, subject: Subject): boolean {
  return auth.isSuperadmin || grantsFor(auth, action, subject).length > 0;
}

/** Refuses unless every pair is allowed somewhere (mayActOnOthers). */
export function requirePower(auth: Caller, ...needed: Array<readonly [Action, Subject]>): void {
  if (!needed.every(([action, subject]) => mayActOnOthers(auth, action, subject))) throw new ForbiddenError();
}

/** Their own profile is everyone's to change (shared/auth/rules.ts); anyone else's needs a role allowing `action User` somewhere. */
export function requireSelfOrPower(auth: Caller, userId: string, action: Action = 'update'): void {
  if (userId !== auth.userId) requirePower(auth, [action, 'User']);
}

/** The users table and its aliases: a role that reads users somewhere (everyone reads their own profile, which is no table). */
export function requireUsersTable(auth: Caller): void {
  if (!auth.isSuperadmin && !userListScopes(auth).scopeIds.length) throw new ForbiddenError();
}

/**
 * A step's status is set only by the participant's advisor or a track-override role
 * (core/enrolments/instance-access.ts decides which instance): a caller holding none of those
 * roles anywhere never sets one.
 */
export function requireStatusSetter(auth: Caller, message: string): void {
  if (!maySetStatuses(auth)) throw new ForbiddenError(message);
}

/** Holds a role that sets statuses on someone's enrolment somewhere (an advisor, a track-override role): who may read an enrolment's History. */
export function maySetStatuses(auth: Pick<Caller, 'roles'>): boolean {
  return hasAnySystemRole(auth.roles, ['Superadmin', 'Advisor', ...TRACK_OVERRIDE_ROLES]);
}
