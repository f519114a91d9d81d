import type { EntityItem } from 'electrodb';
import { db } from '../service';
import { batchGet } from '../transact';
import type { location } from '../entities/location';
import type { LocationKind } from '../../../shared/auth/vocabulary';

export type LocationItem = EntityItem<typeof location>;

/** One location by id (consistent: writers read it right before a conditional write). */
export async function getLocation(locationId: string): Promise<LocationItem | null> {
  const { data } = await db().entities.location.get({ locationId }).go({ consistent: true });
  return data ?? null;
}

/** One location of a given kind; null when missing or of another kind (a church id on a district route). */
export async function getLocationOfKind(locationId: string, kind: LocationKind): Promise<LocationItem | null> {
  const found = await getLocation(locationId);
  return found && found.kind === kind ? found : null;
}

/** Several locations (BatchGets of 100, unprocessed keys retried), in the order asked; missing ones are left out. */
export async function getLocations(locationIds: readonly string[]): Promise<LocationItem[]> {
  const found = await getLocationsById(locationIds);
  return [...new Set(locationIds)].map((id) => found.get(id)).filter((item): item is LocationItem => Boolean(item));
}

/** Locations by id; unknown ids are left out. */
export async function getLocationsById(locationIds: Iterable<string>): Promise<Map<string, LocationItem>> {
  const items = await batchGet<LocationItem>(db().entities.location, [...new Set(locationIds)].map((locationId) => ({ locationId })));
  return new Map(items.map((item) => [item.locationId, item]));
}
