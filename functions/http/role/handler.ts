import { createServiceHandler, implement } from '../../lib/http/service-handler';
import {
  assignRole as assignRoleContract,
  assignableRoles,
  bulkCreateRoles,
  countRoles,
  createRole as createRoleContract,
  deleteRole as deleteRoleContract,
  deleteRoleById,
  getRole,
  listRoles,
  permissionHierarchyOf,
  queryRoles,
  quickSearchRoles,
  roleById,
  rolesByIds,
  searchRoles,
  systemRoles,
  unassignRole as unassignRoleContract,
  updateRole as updateRoleContract,
  updateRoleById,
} from '../../../shared/api/role';
import { rolePage } from '../../core/roles/role-list';
import { requireRole, rolesById } from '../../core/roles/role-store';
import { roleView } from '../../core/roles/role-view';
import { createRole, createRoles, deleteRole, updateRole } from '../../core/roles/role-editor';
import { assignRole, assignableRoles as assignableRolesFor, unassignRole } from '../../core/roles/role-assignment';
import { permissionHierarchyOf as hierarchyOf } from '../../core/roles/permission-hierarchy';

const oneRole = async (roleId: string) => roleView(await requireRole(roleId));

export const handler = createServiceHandler('role', [
  implement(createRoleContract, async ({ auth, body }) => createRole(auth, body)),
  implement(bulkCreateRoles, async ({ auth, body }) => createRoles(auth, body)),
  implement(listRoles, async ({ query }) => (await rolePage(query)).data),
  implement(quickSearchRoles, async ({ query }) => rolePage(query)),
  implement(countRoles, async ({ query }) => (await rolePage({ where: query.where, limit: 0 })).count),
  implement(queryRoles, async ({ body }) => (await rolePage(body)).data),
  implement(searchRoles, async ({ body }) => (await rolePage(body)).data),
  implement(getRole, async ({ params }) => oneRole(params.id)),
  implement(roleById, async ({ params }) => oneRole(params.roleId)),
  implement(rolesByIds, async ({ params }) => (await rolesById(params.roleIds)).map(roleView)),
  implement(systemRoles, async () => (await rolePage({ where: { system: true }, limit: Number.MAX_SAFE_INTEGER })).data),
  implement(updateRoleContract, async ({ auth, body: { id, ...changes } }) => updateRole(auth, id, changes)),
  implement(updateRoleById, async ({ auth, params, body }) => updateRole(auth, params.id, body)),
  implement(deleteRoleContract, async ({ auth, body }) => {
    await deleteRole(auth, body.id);
    return null;
  }),
  implement(deleteRoleById, async ({ auth, params }) => {
    await deleteRole(auth, params.id);
    return null;
  }),
  implement(permissionHierarchyOf, async ({ auth, params }) => hierarchyOf(auth, params.subject, params.id)),
  implement(assignableRoles, async ({ auth, params }) => assignableRolesFor(auth, params.userId)),
  implement(assignRoleContract, async ({ auth, body }) => assignRole(auth, body)),
  implement(unassignRoleContract, async ({ auth, body }) => unassignRole(auth, body)),
]);
