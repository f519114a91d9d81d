import type { createRole, deleteRoleById, quickSearchRoles, updateRoleById } from '@shared/api/role';
import type { QueryInput } from '@shared/api/contract';
import type { RoleInput } from '@shared/schemas/role';
import { call } from '../../../lib/api/client';
import { route } from '../../../lib/api/routes';

export type RolePageQuery = QueryInput<typeof quickSearchRoles>;

/** The roles table's page route (read with usePagedTable). */
export const rolePageRoute = route<typeof quickSearchRoles>('role.quickSearch');

export function saveNewRole(input: RoleInput) {
  return call(route<typeof createRole>('role.create'), { body: input });
}

export function saveRole(id: string, input: RoleInput & { version: number }) {
  return call(route<typeof updateRoleById>('role.updateById'), { params: { id }, body: input });
}

export function deleteRole(id: string) {
  return call(route<typeof deleteRoleById>('role.removeById'), { params: { id } });
}
