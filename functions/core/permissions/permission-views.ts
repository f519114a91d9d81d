import type { EntityItem } from 'electrodb';
import type { permission } from '../../db/entities/permission';
import type { PermissionView } from '../../../shared/schemas/permission';
import { getLocationsById, type LocationItem } from '../../db/access/location-store';

export type PermissionItem = EntityItem<typeof permission>;

export function permissionView(item: PermissionItem, place: LocationItem | undefined): PermissionView {
  return {
    id: item.permissionId,
    userId: item.userId,
    entity: item.entity,
    entityId: item.entityId,
    name: place?.name ?? '',
    locationActive: place?.active ?? false,
    active: item.active,
    primary: item.primary,
    denial: item.denial,
    ancestorIds: item.ancestorIds,
    version: item.version,
    createdAt: item.createdAt,
  };
}

/** Permissions as screens show them; names come from one BatchGet (permissions do not copy names). */
export async function permissionViews(items: PermissionItem[]): Promise<PermissionView[]> {
  const places = await getLocationsById(items.map((item) => item.entityId));
  return items.map((item) => permissionView(item, places.get(item.entityId)));
}
