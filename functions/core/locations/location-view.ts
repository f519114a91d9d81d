import { LOCATION_KINDS, type LocationKind } from '../../../shared/auth/vocabulary';
import type { LocationRow, LocationView } from '../../../shared/schemas/location';
import { DEFAULT_QUIET_HOURS } from '../../../shared/schemas/conference-settings';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { knownTimeZone } from '../../lib/zoned-time';
import type { LocationItem } from '../../db/access/location-store';

/** The kind a location of `kind` hangs from: 'System' for jurisdictions. */
export function parentKindOf(kind: LocationKind): LocationKind | 'System' {
  const depth = LOCATION_KINDS.indexOf(kind);
  return depth === 0 ? 'System' : LOCATION_KINDS[depth - 1];
}

/** A location as the edit dialogs see it; the parent comes from the item's copied name (no read). */
export function toLocationView(item: LocationItem): LocationView {
  const kind = item.kind as LocationKind;
  const hasParent = Boolean(item.parentId) && item.parentId !== SYSTEM_LOCATION_ID;
  return {
    id: item.locationId,
    kind,
    name: item.name,
    active: item.active,
    version: item.version,
    parent: hasParent ? { id: item.parentId!, kind: parentKindOf(kind), name: item.parentName ?? '' } : null,
    ancestorIds: item.ancestorIds,
    ...(kind === 'EpiscopalArea' ? { conferences: item.childNames ?? [] } : {}),
    ...(kind === 'Conference' ? messagingSettingsOf(item) : {}),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** A conference's messaging settings as delivery applies them: the defaults where it says nothing. */
function messagingSettingsOf(item: LocationItem) {
  return {
    timeZone: knownTimeZone(item.timeZone),
    quietHoursStart: item.quietHoursStart ?? DEFAULT_QUIET_HOURS.start,
    quietHoursEnd: item.quietHoursEnd ?? DEFAULT_QUIET_HOURS.end,
  };
}

/** A table or picker row from a directory entry's display (locationDirectoryEntries), no further reads. */
export function toLocationRow(display: Record<string, unknown>): LocationRow {
  const kind = display.kind as LocationKind;
  return {
    id: String(display.locationId),
    kind,
    name: String(display.name),
    active: Boolean(display.active),
    parentId: typeof display.parentId === 'string' ? display.parentId : undefined,
    parentName: typeof display.parentName === 'string' ? display.parentName : undefined,
    ...(kind === 'EpiscopalArea' ? { conferences: Array.isArray(display.childNames) ? (display.childNames as string[]) : [] } : {}),
  };
}

/** A row from a location item (lists read from the location index rather than the directory). */
export function locationRowOf(item: LocationItem): LocationRow {
  return toLocationRow({ ...item, childNames: item.childNames ?? [] });
}
