import type { LocationKind } from '../../../shared/auth/vocabulary';
import { locationDirectoryEntries, type DirectoryEntryInput } from '../../db/directory';
import type { DirectoryRow } from '../../db/directory-read';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import type { LocationItem } from '../../db/access/location-store';

/** The directory entries a location's state implies (writers diff before against after). */
export function entriesOf(item: LocationItem): DirectoryEntryInput[] {
  return locationDirectoryEntries({
    locationId: item.locationId,
    kind: item.kind as LocationKind,
    name: item.name,
    active: item.active,
    parentId: item.parentId,
    parentName: item.parentName,
    childNames: item.kind === 'EpiscopalArea' ? (item.childNames ?? []) : undefined,
    ancestorIds: item.ancestorIds,
  });
}

/** An episcopal area's copy of its conferences' names: the active ones, in name order. */
export function areaChildNames(conferences: Array<{ name: string; active?: boolean }>): string[] {
  return conferences
    .filter((conference) => conference.active !== false)
    .map((conference) => conference.name)
    .sort((a, b) => a.localeCompare(b));
}

/**
 * The rows `item` has in the list named `list` (its System-scope entries: every scope holds
 * the same ones), for locations listed in their own right rather than read from a list.
 * An inactive location has none in an active list and the reverse.
 */
export function rowsOf(item: LocationItem, list: string): DirectoryRow[] {
  return entriesOf(item)
    .filter((entry) => entry.scopeId === SYSTEM_LOCATION_ID && entry.list === list)
    .map(({ term, targetId, display }) => ({ term, targetId, display }));
}
