import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { isConditionFailure, updateVersioned } from '../../db/versioned';
import { BusinessRuleError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { RoleInput, RoleView } from '../../../shared/schemas/role';
import type { AuthContext } from '../session/resolve-session';
import { writeTransaction } from '../permissions/transaction';
import { loadTargetUser, mayUpdateUserAccess } from '../permissions/target-user';
import { clearRoleCache } from './role-cache';
import { assertCanGrant } from './role-grants';
import { assertMayChangeHolders, assertMayEditPolicies } from './grant-rules';
import { takeRoleFromUser } from './role-removal';
import { allRoles, requireRole, roleHolderIds } from './role-store';
import { roleView, type RoleItem } from './role-view';

export const ROLE_NAME_TAKEN = 'A role with this name already exists.';
export const SYSTEM_ROLE_EDIT = 'System roles cannot be edited.';
export const SYSTEM_ROLE_DELETE = 'System roles cannot be deleted.';
/** A delete takes the role from its holders in one call; more than this must be unassigned first. */
export const ROLE_DELETE_MAX_HOLDERS = 100;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function nameTaken(roles: RoleItem[], name: string, exceptRoleId?: string): boolean {
  return roles.some((role) => role.roleId !== exceptRoleId && sameName(role.name, name));
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
  const existing = await allRoles();
  const fieldOf = (index: number) => (inputs.length === 1 ? 'name' : `${index}.name`);
  inputs.forEach((input, index) => {
    const clashesInBatch = inputs.slice(0, index).some((earlier) => sameName(earlier.name, input.name));
    if (nameTaken(existing, input.name) || clashesInBatch) throw new ValidationError({ [fieldOf(index)]: [ROLE_NAME_TAKEN] });
    assertCanGrant(auth, input.policies);
  });
  const items = inputs.map(newRoleItem);
  await writeTransaction(items.map((item) => (tx) => tx.role.create(item).commit()));
  clearRoleCache();
  return items.map(roleView);
}

export interface RoleChanges {
  name?: string;
  policies?: RoleInput['policies'];
  version: number;
}

/** Renames a custom role or replaces its policies, conditioned on the version the editor read. */
export async function updateRole(auth: AuthContext, roleId: string, changes: RoleChanges): Promise<RoleView> {
  const current = await requireRole(roleId);
  if (current.system) throw new BusinessRuleError(SYSTEM_ROLE_EDIT);
  if (changes.name !== undefined && nameTaken(await allRoles(), changes.name, roleId)) throw new ValidationError({ name: [ROLE_NAME_TAKEN] });
  if (changes.policies) {
    assertCanGrant(auth, changes.policies);
    await assertMayEditPolicies(auth, roleId, current, changes.policies);
  }

  const set = { ...(changes.name !== undefined ? { name: changes.name } : {}), ...(changes.policies ? { policies: changes.policies } : {}) };
  const updated = await updateVersioned(db().entities.role, { roleId }, changes.version, set);
  if (!updated) throw new NotFoundError('Role not found.');
  clearRoleCache();
  if (changes.name !== undefined && changes.name !== current.name) await refreshHolderRoleNames(roleId, changes.name);
  return roleView(updated as RoleItem);
}

/** Holders keep a copy of the role's name on their userRole item: refresh it after a rename. */
async function refreshHolderRoleNames(roleId: string, roleName: string): Promise<void> {
  for (const userId of await roleHolderIds(roleId)) {
    // A holder who lost the role meanwhile has nothing to refresh.
    await db()
      .entities.userRole.patch({ userId, roleId })
      .set({ roleName })
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }
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
    const total = (await roleHolderIds(roleId)).length;
    throw new BusinessRuleError(`Remove this role from its ${total} users before deleting it.`);
  }
  const holders = await Promise.all(holderIds.map(loadTargetUser));
  if (holders.some((holder) => !mayUpdateUserAccess(auth, holder))) throw new ForbiddenError();
  assertMayChangeHolders(auth, role, holders, 'remove');

  for (const holder of holders) await takeRoleFromUser(holder, role);
  await db().entities.role.delete({ roleId }).go();
  clearRoleCache();
}
