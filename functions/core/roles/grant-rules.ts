import type { UserAggregate } from '../../db/access/user-aggregate';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import { BusinessRuleError, ForbiddenError } from '../../lib/errors';
import { governedGrants, governedKind, holdsPowerOver, roleActionsBySubject } from '../../../shared/auth/role-scope';
import { isScopedSubject } from '../../../shared/auth/scope';
import { hasSystemRole, type LocationPermission } from '../../../shared/auth/permissions';
import type { LocationKind } from '../../../shared/auth/vocabulary';
import type { AuthContext } from '../session/resolve-session';
import { loadRoles } from '../../db/access/role-cache';
import { roleHolderIds } from '../../db/access/role-store';

/**
 * No escalation through assignment (ARCHITECTURE.md section 7): a caller may grant, remove
 * or edit a role only where they could hold that power themselves, over every location
 * where it would apply. role-grants.ts checks the policies at type level (and refuses
 * `all`); these functions check the scoped part at each place the role applies.
 */
type Policy = { actions: string[]; subjects: string[] };
type Role = { name: string; system: boolean; policies: Policy[] };
type Caller = Pick<AuthContext, 'isSuperadmin' | 'roles' | 'permissions'>;

/** The location chains where a role held by someone with these permissions applies. */
export function chainsWhereRoleApplies(role: Pick<Role, 'name' | 'system'>, permissions: readonly LocationPermission[]): string[][] {
  return governedGrants(role, permissions).map((grant) => grant.ancestorIds);
}

/** The first scoped power of `policies` the caller could not hold over one of these locations, or null. */
export function firstPowerBeyond(auth: Caller, policies: Policy[], chains: string[][]): { action: string; subject: string } | null {
  if (auth.isSuperadmin || chains.length === 0) return null;
  for (const [subject, actions] of roleActionsBySubject({ policies })) {
    if (!isScopedSubject(subject)) continue;
    for (const action of actions) {
      if (chains.some((chain) => !holdsPowerOver(auth, chain, action, subject))) return { action, subject };
    }
  }
  return null;
}

const refusal = (verb: string, power: { action: string; subject: string }, where: string) =>
  new ForbiddenError(`You cannot ${verb} ${power.action} ${power.subject} ${where}.`);

/** 403 unless the caller could hold the role's power at every location where it applies for each target (giving or taking it). */
export function assertMayChangeHolders(auth: Caller, role: Role, targets: Pick<UserAggregate, 'permissions'>[], verb: 'grant' | 'remove'): void {
  for (const target of targets) {
    const beyond = firstPowerBeyond(auth, role.policies, chainsWhereRoleApplies(role, target.permissions));
    if (beyond) throw refusal(verb, beyond, 'where this role applies for this user');
  }
}

export function mayChangeHolder(auth: Caller, role: Role, target: Pick<UserAggregate, 'permissions'>): boolean {
  return firstPowerBeyond(auth, role.policies, chainsWhereRoleApplies(role, target.permissions)) === null;
}

/**
 * Adding a location extends every role the user holds that governs that kind of location:
 * the caller must hold those roles' power there (Superadmin is global and unaffected).
 */
export async function assertMayExtendRoles(auth: Caller, target: Pick<UserAggregate, 'roles'>, place: { kind: string; ancestorIds: string[] }): Promise<void> {
  if (auth.isSuperadmin) return;
  const roles = await loadRoles(target.roles.map((held) => held.roleId));
  for (const role of roles) {
    if (hasSystemRole([role], 'Superadmin')) continue;
    const kind: LocationKind | undefined = governedKind(role);
    if (kind && kind !== place.kind) continue;
    const beyond = firstPowerBeyond(auth, role.policies, [place.ancestorIds]);
    if (beyond) throw refusal('extend', beyond, `to this location (the user holds ${role.name})`);
  }
}

/** Holders read per page when a role edit is checked against where they are. */
const HOLDER_PAGE = 25;
/** Past this many holders, a role's policies are changed by a superadmin (the check would not be bounded). */
export const ROLE_EDIT_MAX_HOLDERS = 100;
export const ROLE_EDIT_TOO_MANY_HOLDERS = `This role is held by more than ${ROLE_EDIT_MAX_HOLDERS} users: only a superadmin can change its policies.`;

/**
 * Editing a role's policies changes the power of every holder wherever the role applies
 * for them: the caller must hold both the old and the new policies there. Holders are read
 * a page at a time, stopping at the first refusal; more than ROLE_EDIT_MAX_HOLDERS is a 422
 * (superadmins are not limited: they hold every power everywhere).
 */
export async function assertMayEditPolicies(auth: Caller, roleId: string, role: Role, policies: Policy[]): Promise<void> {
  if (auth.isSuperadmin) return;
  const holderIds = await roleHolderIds(roleId, ROLE_EDIT_MAX_HOLDERS + 1);
  if (holderIds.length > ROLE_EDIT_MAX_HOLDERS) throw new BusinessRuleError(ROLE_EDIT_TOO_MANY_HOLDERS);
  const touched = { ...role, policies: [...role.policies, ...policies] };
  for (let start = 0; start < holderIds.length; start += HOLDER_PAGE) {
    const holders = await Promise.all(holderIds.slice(start, start + HOLDER_PAGE).map((id) => loadUserAggregate(id)));
    for (const holder of holders) {
      if (!holder) continue;
      const beyond = firstPowerBeyond(auth, touched.policies, chainsWhereRoleApplies(role, holder.permissions));
      if (beyond) throw refusal('change', beyond, "where this role's holders are");
    }
  }
}
