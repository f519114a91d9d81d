import { newId } from '../../db/ids';
import { BusinessRuleError, ForbiddenError, StaleVersionError, ValidationError } from '../../lib/errors';
import type { RoleInput, RoleView } from '../../../shared/schemas/role';
import type { AuthContext } from '../session/resolve-session';
import { GLOBAL_SCOPE, claimName, moveName, releaseName, type NameClaim } from '../../db/claims';
import { newJob } from '../../db/jobs';
import { transact, type TransactionWrite } from '../../db/transact';
import type { AuditChange, AuditKind } from '../../../shared/schemas/audit';
import { auditActorOf, auditEntryWrite, fieldChange, type AuditActor } from '../records/audit-write';
import { ifVersion } from '../../db/versioned';
import { loadTargetUser, mayUpdateUserAccess } from '../users/target-user';
import { clearRoleCache } from '../../db/access/role-cache';
import { assertCanGrant } from './role-grants';
import { assertMayChangeHolders, assertMayEditPolicies } from './grant-rules';
import { takeRoleFromUser } from './role-removal';
import { requireRole, roleHolderIds, type RoleItem } from '../../db/access/role-store';
import { roleView } from './role-view';

export const ROLE_NAME_TAKEN = 'A role with this name already exists.';
export const SYSTEM_ROLE_EDIT = 'System roles cannot be edited.';
export const SYSTEM_ROLE_DELETE = 'System roles cannot be deleted.';
/** A delete takes the role from its holders in one call; more than this must be unassigned first. */
export const ROLE_DELETE_MAX_HOLDERS = 100;
/** How far the refusal's message counts holders. */
const HOLDERS_COUNTED_MAX = 10_000;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Role names are unique across the organisation: a claim, taken in the role's own transaction. */
export function roleNameClaim(role: Pick<RoleItem, 'roleId' | 'name'>): NameClaim {
  return { kind: 'role', scope: GLOBAL_SCOPE, name: role.name, ownerId: role.roleId };
}

function newRoleItem(input: RoleInput): RoleItem {
  const now = new Date().toISOString();
  return { roleId: newId(), name: input.name, system: false, policies: input.policies, version: 1, createdAt: now, updatedAt: now };
}

export async function createRole(auth: AuthContext, input: RoleInput): Promise<RoleView> {
  return (await createRoles(auth, [input]))[0];
}

/**
 * Creates custom roles: every name free (case-insensitively, also within the batch) and
 * every policy grantable by the caller, checked before anything is written; one transaction.
 */
export async function createRoles(auth: AuthContext, inputs: RoleInput[]): Promise<RoleView[]> {
  const fieldOf = (index: number) => (inputs.length === 1 ? 'name' : `${index}.name`);
  inputs.forEach((input, index) => {
    const clashesInBatch = inputs.slice(0, index).some((earlier) => sameName(earlier.name, input.name));
    if (clashesInBatch) throw new ValidationError({ [fieldOf(index)]: [ROLE_NAME_TAKEN] });
    assertCanGrant(auth, input.policies);
  });
  const items = inputs.map(newRoleItem);
  // A name taken by an existing role fails that role's claim: the whole batch writes nothing.
  const actor = auditActorOf(auth);
  await transact(
    items.flatMap((item, index) => [
      (tx) => tx.role.create(item).commit(),
      claimName(roleNameClaim(item), fieldOf(index), ROLE_NAME_TAKEN),
      roleEntry(actor, item, 'role.created', 'created', [...fieldChange('name', undefined, item.name), ...fieldChange('policies', undefined, item.policies)]),
    ]),
  );
  clearRoleCache();
  return items.map(roleView);
}

/** An entry in a role's History (roles are organisation-wide: the `system` scope). */
function roleEntry(actor: AuditActor, role: Pick<RoleItem, 'roleId' | 'name'>, action: string, kind: AuditKind<'Role'>, changes: AuditChange[]): TransactionWrite {
  return auditEntryWrite({ actor, chain: 'Role', recordId: role.roleId, subject: role.name, action, kind, changes, scopeIds: [] });
}

export interface RoleChanges {
  name?: string;
  policies?: RoleInput['policies'];
  version: number;
}

/**
 * Renames a custom role or replaces its policies, conditioned on the version the editor read.
 * A rename moves the name claim and starts the job that refreshes holders' copies of the name.
 */
export async function updateRole(auth: AuthContext, roleId: string, changes: RoleChanges): Promise<RoleView> {
  const current = await requireRole(roleId);
  if (current.system) throw new BusinessRuleError(SYSTEM_ROLE_EDIT);
  if (changes.policies) {
    assertCanGrant(auth, changes.policies);
    await assertMayEditPolicies(auth, roleId, current, changes.policies);
  }
  if (current.version !== changes.version) throw new StaleVersionError(undefined, current.version);

  const name = changes.name ?? current.name;
  const renamed = name !== current.name;
  const job = renamed ? newJob({ kind: 'role.refreshHolderNames', ownerId: auth.userId, title: `Renaming the role ${name}`, input: { roleId } }) : undefined;
  const updated: RoleItem = { ...current, name, policies: changes.policies ?? current.policies, version: current.version + 1, updatedAt: new Date().toISOString() };
  await transact([
    (tx) =>
      tx.role
        .patch({ roleId })
        .set({ name: updated.name, policies: updated.policies, updatedAt: updated.updatedAt })
        .add({ version: 1 })
        .where(ifVersion(changes.version))
        .commit(),
    ...moveName(roleNameClaim(current), roleNameClaim(updated), 'name', ROLE_NAME_TAKEN),
    ...(job ? [job.write] : []),
    roleEntry(auditActorOf(auth), updated, changes.policies && !renamed ? 'role.policies.updated' : 'role.updated', changes.policies && !renamed ? 'policies' : 'details', [
      ...fieldChange('name', current.name, updated.name),
      ...fieldChange('policies', current.policies, updated.policies),
    ]),
  ]);
  clearRoleCache();
  return { ...roleView(updated), ...(job ? { jobId: job.jobId } : {}) };
}


/**
 * Deletes a custom role after taking it from everyone who holds it (with the side effects
 * of unassigning). The caller must be allowed to change every holder, as for unassigning.
 */
export async function deleteRole(auth: AuthContext, roleId: string): Promise<void> {
  const role = await requireRole(roleId);
  if (role.system) throw new BusinessRuleError(SYSTEM_ROLE_DELETE);
  const holderIds = await roleHolderIds(roleId, ROLE_DELETE_MAX_HOLDERS + 1);
  if (holderIds.length > ROLE_DELETE_MAX_HOLDERS) {
    // The message names how many hold it: counted up to a bound, so the read stays bounded too.
    const counted = (await roleHolderIds(roleId, HOLDERS_COUNTED_MAX + 1)).length;
    const total = counted > HOLDERS_COUNTED_MAX ? `more than ${HOLDERS_COUNTED_MAX}` : String(counted);
    throw new BusinessRuleError(`Remove this role from its ${total} users before deleting it.`);
  }
  const holders = await Promise.all(holderIds.map(loadTargetUser));
  if (holders.some((holder) => !mayUpdateUserAccess(auth, holder))) throw new ForbiddenError();
  assertMayChangeHolders(auth, role, holders, 'remove');

  const actor = auditActorOf(auth);
  for (const holder of holders) await takeRoleFromUser(holder, role, auth.userId, actor);
  await transact([(tx) => tx.role.delete({ roleId }).commit(), releaseName(roleNameClaim(role)), roleEntry(actor, role, 'role.deleted', 'deleted', fieldChange('name', role.name, undefined))]);
  clearRoleCache();
}
