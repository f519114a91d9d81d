import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { loadRoles } from '../../db/access/role-cache';

export interface NamedRole {
  id: string;
  name: string;
  system: boolean;
}

/**
 * The roles a step's contents and actions name, by id: system roles without a read, custom
 * ones from the role cache (one BatchGet when cold). An unknown id keeps its id as the name.
 */
export async function namedRoles(roleIds: readonly string[]): Promise<Map<string, NamedRole>> {
  const named = new Map<string, NamedRole>();
  for (const role of SYSTEM_ROLES) if (roleIds.includes(role.id)) named.set(role.id, { id: role.id, name: role.name, system: true });
  const custom = [...new Set(roleIds.filter((id) => !named.has(id)))];
  if (custom.length) for (const role of await loadRoles(custom)) named.set(role.roleId, { id: role.roleId, name: role.name, system: role.system });
  for (const id of roleIds) if (!named.has(id)) named.set(id, { id, name: id, system: false });
  return named;
}
