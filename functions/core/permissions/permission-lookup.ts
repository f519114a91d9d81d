import { db } from '../../db/service';
import type { PermissionItem } from './permission-views';

/** A permission named by its id alone (gsi3 `byId`), or null. */
export async function findPermissionById(permissionId: string): Promise<PermissionItem | null> {
  const { data } = await db().entities.permission.query.byId({ permissionId }).go();
  return data[0] ?? null;
}
