import { db } from '../../db/service';
import { NotFoundError } from '../../lib/errors';
import type { RoleItem } from './role-view';

/** Every role: roles are few and share one gsi1 partition, so this is one Query. */
export async function allRoles(): Promise<RoleItem[]> {
  const { data } = await db().entities.role.query.list({}).go({ pages: 'all' });
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

/** Roles by id in one BatchGet, in the order asked; unknown ids are left out. */
export async function rolesById(roleIds: string[]): Promise<RoleItem[]> {
  if (roleIds.length === 0) return [];
  const { data } = await db().entities.role.get(roleIds.map((roleId) => ({ roleId }))).go();
  const byId = new Map(data.map((item) => [item.roleId, item]));
  return roleIds.map((id) => byId.get(id)).filter((item): item is RoleItem => Boolean(item));
}

/** The users holding a role, up to `limit` of them (gsi1 `byRole`). */
export async function roleHolderIds(roleId: string, limit?: number): Promise<string[]> {
  const { data } = await db().entities.userRole.query.byRole({ roleId }).go(limit === undefined ? { pages: 'all' } : { limit });
  return data.map((item) => item.userId);
}
