import type { EntityItem } from 'electrodb';
import { db } from '../../db/service';
import type { location } from '../../db/entities/location';
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

const BATCH_GET_MAX = 100;

/** Several locations in one BatchGet per 100 ids, in the order asked; missing ones are left out. */
export async function getLocations(locationIds: readonly string[]): Promise<LocationItem[]> {
  const ids = [...new Set(locationIds)];
  const found = new Map<string, LocationItem>();
  for (let start = 0; start < ids.length; start += BATCH_GET_MAX) {
    const keys = ids.slice(start, start + BATCH_GET_MAX).map((locationId) => ({ locationId }));
    let pending = keys;
    for (let attempt = 0; pending.length && attempt < 5; attempt++) {
      const { data, unprocessed } = await db().entities.location.get(pending).go();
      for (const item of data) found.set(item.locationId, item);
      pending = unprocessed as typeof keys;
    }
    if (pending.length) throw new Error(`Locations: ${pending.length} keys were not read`);
  }
  return ids.map((id) => found.get(id)).filter((item): item is LocationItem => Boolean(item));
}
