import type { EntityItem } from 'electrodb';
import { db } from '../../db/service';
import type { location } from '../../db/entities/location';

export type LocationItem = EntityItem<typeof location>;

/** One location by id, or null. */
export async function getLocation(locationId: string): Promise<LocationItem | null> {
  const { data } = await db().entities.location.get({ locationId }).go();
  return data ?? null;
}

/** Locations by id in one BatchGet (ElectroDB splits it per 100 keys); unknown ids are left out. */
export async function getLocationsById(locationIds: Iterable<string>): Promise<Map<string, LocationItem>> {
  const ids = [...new Set(locationIds)];
  if (ids.length === 0) return new Map();
  const { data } = await db().entities.location.get(ids.map((locationId) => ({ locationId }))).go();
  return new Map(data.map((item) => [item.locationId, item]));
}
