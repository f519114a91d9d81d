import type { Api } from '@shared/api';
import type { QueryInput } from '@shared/api/contract';
import type { RoleInput } from '@shared/schemas/role';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';

export type RolePageQuery = QueryInput<Api['role']['quickSearch']>;

/** The roles table's page route (read with usePagedTable). */
export const rolePageRoute = routes.role.quickSearch;

export function saveNewRole(input: RoleInput) {
  return call(routes.role.create, { body: input });
}

export function saveRole(id: string, input: RoleInput & { version: number }) {
  return call(routes.role.updateById, { params: { id }, body: input });
}

export function deleteRole(id: string) {
  return call(routes.role.removeById, { params: { id } });
}
