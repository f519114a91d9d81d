import { db } from '../service';
import { batchGet } from '../transact';
import { NotFoundError } from '../../lib/errors';
import type { EntityItem } from 'electrodb';
import type { role } from '../entities/role';

export type RoleItem = EntityItem<typeof role>;

/** Most roles an organisation is expected to define; reads of the role list stop there. */
export const ROLES_MAX = 500;

/** Every role: roles are few and share one gsi1 partition, so this is one Query (bounded by ROLES_MAX). */
export async function allRoles(): Promise<RoleItem[]> {
  const { data } = await db().entities.role.query.list({}).go({ limit: ROLES_MAX });
  return data;
}

export async function findRole(roleId: string): Promise<RoleItem | null> {
  const { data } = await db().entities.role.get({ roleId }).go();
  return data ?? null;
}

export async function requireRole(roleId: string): Promise<RoleItem> {
  const found = await findRole(roleId);
  if (!found) throw new NotFoundError('Role not found.');
  return found;
}

/** Roles by id (BatchGet), in the order asked; unknown ids are left out. */
export async function rolesById(roleIds: string[]): Promise<RoleItem[]> {
  const data = await batchGet<RoleItem>(db().entities.role, roleIds.map((roleId) => ({ roleId })));
  const byId = new Map(data.map((item) => [item.roleId, item]));
  return roleIds.map((id) => byId.get(id)).filter((item): item is RoleItem => Boolean(item));
}

/** The users holding a role, up to `limit` of them (gsi1 `byRole`). */
export async function roleHolderIds(roleId: string, limit: number): Promise<string[]> {
  const { data } = await db().entities.userRole.query.byRole({ roleId }).go({ limit });
  return data.map((item) => item.userId);
}
