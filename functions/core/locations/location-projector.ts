import { db } from '../../db/service';
import { project, type ProjectOptions, type ProjectionOutcome } from '../../db/directory-projection';
import { isConditionFailure } from '../../db/versioned';
import { areaChildNames, entriesOf } from './location-entries';
import { getLocation, type LocationItem } from '../../db/access/location-store';

/**
 * A location's derived data from its current state: the copies it carries of other items'
 * names (its parent's name; an episcopal area's conference names) and its directory entries
 * (admin tables, pickers, search). Idempotent; run after any change to the location, its
 * parent's name, or (for an area) one of its conferences.
 */
export async function projectLocation(locationId: string, options?: ProjectOptions): Promise<ProjectionOutcome> {
  return project('location', locationId, async () => {
    const found = await getLocation(locationId);
    if (!found) return { entries: [], sourceVersion: 'deleted' };
    // The System root is every scope's root, listed nowhere.
    if (found.kind === 'System') return { entries: [], sourceVersion: String(found.version) };
    const item = await withCurrentCopies(found);
    return { entries: entriesOf(item), sourceVersion: String(item.version) };
  }, options);
}

/** The copies a location carries, brought up to date on the item itself when they drifted. */
async function withCurrentCopies(item: LocationItem): Promise<LocationItem> {
  const parentName = item.parentId && item.kind !== 'Jurisdiction' ? ((await getLocation(item.parentId))?.name ?? item.parentName) : item.parentName;
  const childNames = item.kind === 'EpiscopalArea' ? await activeConferenceNames(item.locationId) : item.childNames;
  const changed = parentName !== item.parentName || JSON.stringify(childNames ?? []) !== JSON.stringify(item.childNames ?? []);
  if (!changed) return item;
  try {
    // A copy, not an edit: the item's version (what editors condition on) stays as it is.
    await db()
      .entities.location.patch({ locationId: item.locationId })
      .set({ ...(parentName !== undefined ? { parentName } : {}), ...(childNames ? { childNames } : {}) })
      .where((attributes, operations) => operations.eq(attributes.version, item.version))
      .go();
  } catch (error) {
    // The location changed meanwhile: its own stream record brings another run.
    if (!isConditionFailure(error)) throw error;
  }
  return { ...item, parentName, childNames };
}

/** An area's active conferences by name: an area holds a few dozen at most, so one or two pages. */
async function activeConferenceNames(areaId: string): Promise<string[]> {
  const { data } = await db().entities.location.query.byParent({ parentId: areaId, kind: 'Conference' }).go({ limit: 100 });
  return areaChildNames(data);
}
