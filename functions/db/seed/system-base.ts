import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { ROLE_NAME_TAKEN, roleNameClaim } from '../../core/roles/role-editor';
import { clearRoleCache } from '../access/role-cache';
import { claimKey, claimName } from '../claims';
import { SYSTEM_LOCATION_ID } from '../entities/location';
import { db } from '../service';
import { batchGet, transact, type TransactionItem } from '../transact';
import { isConditionFailure } from '../versioned';

/**
 * What every table needs before anyone can sign in: the ten system roles (with their name
 * claims) and the System root location. The demo seed and `npm run bootstrap` both write them
 * here, so an empty production table and a demo table start alike. Each step is planned
 * (read only, for a dry run) and then applied; applying a plan again changes nothing.
 */

/** The System root's item: every hierarchy hangs from it; it is listed nowhere. */
export const systemRootItem = { locationId: SYSTEM_LOCATION_ID, kind: 'System' as const, name: 'System', ancestorIds: [] as string[] };

type RoleDefinition = (typeof SYSTEM_ROLES)[number];

export interface SystemRolesPlan {
  /** Not in the table: created with their name claims. */
  missing: RoleDefinition[];
  /** In the table with other policies than the code's: brought back to the code's (the app never edits system roles). */
  outdated: RoleDefinition[];
  /** In the table as the code defines them. */
  current: RoleDefinition[];
  /** Missing roles whose name another role already holds: creating them would fail. */
  nameTaken: RoleDefinition[];
}

const samePolicies = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Reads the system roles and, for missing ones, their name claims; writes nothing. */
export async function planSystemRoles(): Promise<SystemRolesPlan> {
  const stored = new Map(
    (await batchGet<{ roleId: string; policies: unknown }>(db().entities.role, SYSTEM_ROLES.map((role) => ({ roleId: role.id })))).map((item) => [item.roleId, item]),
  );
  const missing = SYSTEM_ROLES.filter((role) => !stored.has(role.id));
  const claims = await batchGet<{ name: string; ownerId: string }>(db().entities.claim, missing.map((role) => claimKey(roleNameClaim({ roleId: role.id, name: role.name }))));
  const claimedByOthers = new Set(claims.filter((claim) => !SYSTEM_ROLES.some((role) => role.id === claim.ownerId)).map((claim) => claim.name));
  return {
    missing,
    outdated: SYSTEM_ROLES.filter((role) => stored.has(role.id) && !samePolicies(stored.get(role.id)!.policies, role.policies)),
    current: SYSTEM_ROLES.filter((role) => stored.has(role.id) && samePolicies(stored.get(role.id)!.policies, role.policies)),
    nameTaken: missing.filter((role) => claimedByOthers.has(claimKey(roleNameClaim({ roleId: role.id, name: role.name })).name)),
  };
}

/** Writes what the plan found missing or outdated, in one transaction (a name taken meanwhile fails it whole). */
export async function applySystemRoles(plan: SystemRolesPlan, createdAt: string): Promise<void> {
  const created = plan.missing.flatMap((role): TransactionItem[] => {
    const item = { roleId: role.id, name: role.name, system: true, policies: role.policies, createdAt };
    return [(tx) => tx.role.create(item).commit(), claimName(roleNameClaim(item), 'name', ROLE_NAME_TAKEN)];
  });
  const refreshed = plan.outdated.map((role): TransactionItem => (tx) => tx.role.patch({ roleId: role.id }).set({ policies: role.policies }).add({ version: 1 }).commit());
  await transact([...created, ...refreshed]);
  clearRoleCache();
}

/** The system roles as the code defines them, whatever the table held; what was done. */
export async function ensureSystemRoles(createdAt: string): Promise<SystemRolesPlan> {
  const plan = await planSystemRoles();
  await applySystemRoles(plan, createdAt);
  return plan;
}

/** Whether the table has its System root (consistent: a bootstrap reads right after writing). */
export async function systemRootPresent(): Promise<boolean> {
  const { data } = await db().entities.location.get({ locationId: SYSTEM_LOCATION_ID }).go({ consistent: true });
  return Boolean(data);
}

/** Creates the System root unless it is there; 'created' or 'present'. */
export async function ensureSystemRoot(createdAt: string): Promise<'created' | 'present'> {
  try {
    await db().entities.location.create({ ...systemRootItem, active: true, createdAt }).go();
    return 'created';
  } catch (error) {
    if (isConditionFailure(error)) return 'present';
    throw error;
  }
}
