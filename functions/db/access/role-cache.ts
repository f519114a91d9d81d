import { db } from '../service';

export interface RoleDefinition {
  roleId: string;
  name: string;
  system: boolean;
  policies: Array<{ actions: string[]; subjects: string[] }>;
}

/**
 * Role definitions change rarely and every request needs them, so a warm function keeps
 * them for a short while instead of reading them on each call. An edited role takes
 * effect everywhere within ROLE_CACHE_MS.
 */
const ROLE_CACHE_MS = 15_000;
const cache = new Map<string, { role: RoleDefinition | null; until: number }>();

export async function loadRoles(roleIds: string[]): Promise<RoleDefinition[]> {
  const now = Date.now();
  const missing = [...new Set(roleIds)].filter((id) => {
    const hit = cache.get(id);
    return !hit || hit.until <= now;
  });
  if (missing.length) {
    const { data } = await db().entities.role.get(missing.map((roleId) => ({ roleId }))).go();
    const found = new Map(data.map((role: RoleDefinition) => [role.roleId, role]));
    for (const id of missing) cache.set(id, { role: found.get(id) ?? null, until: now + ROLE_CACHE_MS });
  }
  return roleIds.map((id) => cache.get(id)?.role).filter((role): role is RoleDefinition => Boolean(role));
}

/** Forget cached roles (after a role is edited in this process, and between tests). */
export function clearRoleCache(): void {
  cache.clear();
}
