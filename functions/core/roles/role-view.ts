import type { RoleItem } from '../../db/access/role-store';
import { roleLabel } from '../../../shared/auth/system-roles';
import type { SystemRoleName } from '../../../shared/auth/vocabulary';
import type { RoleView } from '../../../shared/schemas/role';

export function roleView(item: RoleItem): RoleView {
  return {
    id: item.roleId,
    name: item.name,
    label: roleLabel(item),
    system: item.system,
    policies: item.policies.map((policy) => ({ actions: policy.actions, subjects: policy.subjects })),
    version: item.version,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** True for the named system role (a custom role of the same name does not count). */
export function isSystemRole(item: Pick<RoleItem, 'name' | 'system'>, name: SystemRoleName): boolean {
  return item.system && item.name === name;
}
