import type { UserAggregate } from '../../db/access/user-aggregate';
import { ForbiddenError } from '../../lib/errors';
import type { RoleView } from '../../../shared/schemas/role';
import type { AuthContext } from '../session/resolve-session';
import { canSeeTarget, loadTargetUser, mayUpdateUserAccess } from '../users/target-user';
import { changeUserAccess } from '../users/user-access-change';
import { auditActorOf } from '../records/audit-write';
import { assertCanGrant, canGrant } from './role-grants';
import { assertMayChangeHolders, mayChangeHolder } from './grant-rules';
import { takeRoleFromUser } from './role-removal';
import { rolePage } from './role-list';
import { requireRole, type RoleItem } from '../../db/access/role-store';
import { isSystemRole } from './role-view';
import { AUTOCOMPLETE_LIMITS } from '../../../shared/api/limits';
import { eventWrites } from '../outbox/instance-events';

export interface RoleAssignment {
  userIds: string[];
  roleId: string;
}

/**
 * The checks before any assignment write: the role and every user exist; only a superadmin
 * gives or takes Superadmin; the caller may change every user (sees them and may update
 * User at their locations). All pass or nothing is written.
 */
async function prepare(auth: AuthContext, input: RoleAssignment): Promise<{ role: RoleItem; targets: UserAggregate[] }> {
  const role = await requireRole(input.roleId);
  const targets = await Promise.all([...new Set(input.userIds)].map(loadTargetUser));
  if (isSystemRole(role, 'Superadmin') && !auth.isSuperadmin) throw new ForbiddenError();
  if (targets.some((target) => !mayUpdateUserAccess(auth, target))) throw new ForbiddenError();
  return { role, targets };
}

/** Gives a role to users; users already holding it are skipped. The caller must be able to grant the role's policies. */
export async function assignRole(auth: AuthContext, input: RoleAssignment): Promise<RoleAssignment> {
  const { role, targets } = await prepare(auth, input);
  assertCanGrant(auth, role.policies);
  assertMayChangeHolders(auth, role, targets, 'grant');
  for (const target of targets) {
    await changeUserAccess(target.user.userId, (fresh) => {
      if (fresh.roles.some((held) => held.roleId === role.roleId)) return { writes: [], result: undefined };
      const granted = { userId: fresh.user.userId, roleId: role.roleId, roleName: role.name, createdAt: new Date().toISOString() };
      const told = eventWrites({ recipientIds: [granted.userId], actorId: auth.userId, message: `You were given the ${role.name} role.`, link: `/users/${granted.userId}` });
      return { writes: [(tx) => tx.userRole.create(granted).commit(), ...told], result: undefined, audit: { action: 'user.role.assigned', kind: 'roles', changes: [{ field: 'role', after: role.name }] } };
    }, auditActorOf(auth));
  }
  return { userIds: input.userIds, roleId: role.roleId };
}

/** Takes a role from users (non-holders are skipped), with the Mentor and Advisor side effects. */
export async function unassignRole(auth: AuthContext, input: RoleAssignment) {
  const { role, targets } = await prepare(auth, input);
  // Taking a role away is as strong as giving it: only where the caller could hold it.
  assertMayChangeHolders(auth, role, targets.filter((target) => target.roles.some((held) => held.roleId === role.roleId)), 'remove');
  let menteesRemoved = 0;
  let advisorAssignmentsRemoved = 0;
  for (const target of targets) {
    const removed = await takeRoleFromUser(target, role, auth.userId, auditActorOf(auth));
    menteesRemoved += removed.menteesRemoved;
    advisorAssignmentsRemoved += removed.advisorAssignmentsRemoved;
  }
  return { userIds: input.userIds, roleId: role.roleId, menteesRemoved, advisorAssignmentsRemoved };
}

/**
 * The roles the caller may give the user: those the user does not hold, whose policies the
 * caller could grant and hold wherever the role would apply for this user; Superadmin only
 * from a superadmin.
 */
export async function assignableRoles(auth: AuthContext, userId: string): Promise<RoleView[]> {
  const target = await loadTargetUser(userId);
  if (!canSeeTarget(auth, target)) throw new ForbiddenError();
  return (await rolePage({ limit: Number.MAX_SAFE_INTEGER })).data.filter((role) => !holds(target, role) && mayGive(auth, role, [target]));
}

/**
 * Assign Role to Users' options (the same rule assignRole enforces, so the picker offers
 * nothing the server would refuse): roles the caller may give every selected user, which not
 * all of them hold yet, whose name matches; 403 when any user is one the caller may not change.
 */
export async function assignableRolesForUsers(auth: AuthContext, input: { userIds: string[]; name?: string }): Promise<RoleView[]> {
  const targets = await Promise.all([...new Set(input.userIds)].map(loadTargetUser));
  if (targets.some((target) => !mayUpdateUserAccess(auth, target))) throw new ForbiddenError();
  const { data } = await rolePage({ limit: Number.MAX_SAFE_INTEGER, where: { name: input.name } });
  return data
    .filter((role) => targets.some((target) => !holds(target, role)) && mayGive(auth, role, targets))
    .slice(0, AUTOCOMPLETE_LIMITS.roleAssignment);
}

const holds = (target: UserAggregate, role: RoleView) => target.roles.some((held) => held.roleId === role.id);

/** Whether assignRole would let the caller give the role to these users (it checks every one, holders included; an import's preview asks before the user exists). */
export function mayGive(auth: AuthContext, role: Pick<RoleView, 'name' | 'system' | 'policies'>, targets: Array<Pick<UserAggregate, 'permissions'>>): boolean {
  return (
    (auth.isSuperadmin || !(role.system && role.name === 'Superadmin')) &&
    canGrant(auth, role.policies) &&
    targets.every((target) => mayChangeHolder(auth, { name: role.name, system: role.system, policies: role.policies }, target))
  );
}
