import { createServiceHandler } from '../../lib/http/service-handler';
import { roleApi } from '../../../shared/api/role';
import { rolePage } from '../../core/roles/role-list';
import { requireRole, rolesById } from '../../db/access/role-store';
import { roleView } from '../../core/roles/role-view';
import { createRole, createRoles, deleteRole, updateRole } from '../../core/roles/role-editor';
import { assignRole, assignableRoles, assignableRolesForUsers, unassignRole } from '../../core/roles/role-assignment';
import { permissionHierarchyOf } from '../../core/permissions/permission-hierarchy';
import { requirePower } from '../../core/scope/caller-rights';

const oneRole = async (roleId: string) => roleView(await requireRole(roleId));

export const handler = createServiceHandler(roleApi, {
  create: async ({ auth, body }) => createRole(auth, body),
  bulk: async ({ auth, body }) => createRoles(auth, body),
  list: async ({ query }) => (await rolePage(query)).data,
  quickSearch: async ({ query }) => rolePage(query),
  count: async ({ query }) => (await rolePage({ where: query.where, limit: 0 })).count,
  query: async ({ body }) => (await rolePage(body)).data,
  search: async ({ body }) => (await rolePage(body)).data,
  get: async ({ params }) => oneRole(params.id),
  role: async ({ params }) => oneRole(params.roleId),
  roles: async ({ params }) => (await rolesById(params.roleIds)).map(roleView),
  system: async () => (await rolePage({ where: { system: true }, limit: Number.MAX_SAFE_INTEGER })).data,
  update: async ({ auth, body: { id, ...changes } }) => updateRole(auth, id, changes),
  updateById: async ({ auth, params, body }) => updateRole(auth, params.id, body),
  remove: async ({ auth, body }) => {
    await deleteRole(auth, body.id);
    return null;
  },
  removeById: async ({ auth, params }) => {
    await deleteRole(auth, params.id);
    return null;
  },
  hierarchy: async ({ auth, params }) => permissionHierarchyOf(auth, params.subject, params.id),
  assignable: async ({ auth, params }) => assignableRoles(auth, params.userId),
  assignableToUsers: async ({ auth, body }) => assignableRolesForUsers(auth, body),
  // Changing who holds a role needs update User over them (role-grants.ts): nobody without it anywhere assigns or removes one.
  assign: { authorize: ({ auth }) => requirePower(auth, ['update', 'User']), handle: async ({ auth, body }) => assignRole(auth, body) },
  unassign: { authorize: ({ auth }) => requirePower(auth, ['update', 'User']), handle: async ({ auth, body }) => unassignRole(auth, body) },
});
