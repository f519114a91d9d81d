import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import type { LocationItem } from '../../db/access/location-store';

/** Jurisdictions hang from the System root; it needs no read. */
export const SYSTEM_PARENT = { locationId: SYSTEM_LOCATION_ID, kind: 'System', name: 'System', active: true, ancestorIds: [] as string[], ancestors: {} } as const;

type Parent = Pick<LocationItem, 'locationId' | 'kind' | 'name' | 'ancestorIds' | 'ancestors'>;

const ANCESTOR_FIELD = {
  Jurisdiction: 'jurisdictionId',
  EpiscopalArea: 'episcopalAreaId',
  Conference: 'conferenceId',
  District: 'districtId',
} as const;

/**
 * Where a location sits under `parent`: the parent's id and name (copied for tables), the
 * named ancestors map and the ancestor chain ending with the location itself. Creating,
 * moving and the move job's descendants all derive it here, from the parent's current state.
 */
export function ancestryUnder(parent: Parent, locationId: string): Pick<LocationItem, 'parentId' | 'parentName' | 'ancestors' | 'ancestorIds'> {
  const field = parent.kind === 'System' ? undefined : ANCESTOR_FIELD[parent.kind as keyof typeof ANCESTOR_FIELD];
  return {
    parentId: parent.locationId,
    parentName: parent.name,
    ancestors: { ...parent.ancestors, ...(field ? { [field]: parent.locationId } : {}) },
    ancestorIds: [...parent.ancestorIds, locationId],
  };
}
