import type { createRole, deleteRoleById, quickSearchRoles, updateRoleById } from '@shared/api/role';
import type { QueryInput } from '@shared/api/contract';
import type { RoleInput } from '@shared/schemas/role';
import { call } from '../../../lib/api/client';
import { route } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';

export type RolePageQuery = QueryInput<typeof quickSearchRoles>;

export function useRolePage(query: RolePageQuery) {
  return useApi(route<typeof quickSearchRoles>('role.quickSearch'), { query }, { keepPreviousData: true });
}

export function saveNewRole(input: RoleInput) {
  return call(route<typeof createRole>('role.create'), { body: input });
}

export function saveRole(id: string, input: RoleInput & { version: number }) {
  return call(route<typeof updateRoleById>('role.updateById'), { params: { id }, body: input });
}

export function deleteRole(id: string) {
  return call(route<typeof deleteRoleById>('role.removeById'), { params: { id } });
}
