import type { LocationKind } from '../../../shared/auth/vocabulary';
import { SYSTEM_LOCATION_ID } from '../entities/location';
import { areaChildNames } from '../../core/locations/location-entries';

/** Ids tests and other seed parts refer to. */
export const DEMO_LOCATION_IDS = {
  jurisdiction1: 'loc-southeastern',
  jurisdiction2: 'loc-south-central',
  episcopalArea1: 'loc-piedmont-area',
  episcopalArea2: 'loc-gulf-plains-area',
  conference1: 'loc-blue-ridge-conference',
  conference2: 'loc-prairie-rivers-conference',
  district1: 'loc-foothills-district',
  district2: 'loc-lakeside-district',
  district3: 'loc-high-plains-district',
  church1: 'loc-grace-chapel',
} as const;

const ids = DEMO_LOCATION_IDS;

interface DemoLocation {
  locationId: string;
  kind: LocationKind;
  name: string;
  parentId: string;
}

/** Parents before children, so ancestors can be resolved in one pass. */
const DEMO_LOCATIONS: DemoLocation[] = [
  { locationId: ids.jurisdiction1, kind: 'Jurisdiction', name: 'Southeastern Jurisdiction', parentId: SYSTEM_LOCATION_ID },
  { locationId: ids.jurisdiction2, kind: 'Jurisdiction', name: 'South Central Jurisdiction', parentId: SYSTEM_LOCATION_ID },
  { locationId: ids.episcopalArea1, kind: 'EpiscopalArea', name: 'Piedmont Episcopal Area', parentId: ids.jurisdiction1 },
  { locationId: ids.episcopalArea2, kind: 'EpiscopalArea', name: 'Gulf Plains Episcopal Area', parentId: ids.jurisdiction2 },
  { locationId: ids.conference1, kind: 'Conference', name: 'Blue Ridge Conference', parentId: ids.episcopalArea1 },
  { locationId: ids.conference2, kind: 'Conference', name: 'Prairie Rivers Conference', parentId: ids.episcopalArea2 },
  { locationId: ids.district1, kind: 'District', name: 'Foothills District', parentId: ids.conference1 },
  { locationId: ids.district2, kind: 'District', name: 'Lakeside District', parentId: ids.conference1 },
  { locationId: ids.district3, kind: 'District', name: 'High Plains District', parentId: ids.conference2 },
  { locationId: ids.church1, kind: 'Church', name: 'Grace Chapel', parentId: ids.district1 },
  { locationId: 'loc-mount-hope-church', kind: 'Church', name: 'Mount Hope Church', parentId: ids.district1 },
  { locationId: 'loc-riverside-fellowship', kind: 'Church', name: 'Riverside Fellowship', parentId: ids.district2 },
  { locationId: 'loc-cedar-grove-church', kind: 'Church', name: 'Cedar Grove Church', parentId: ids.district2 },
  { locationId: 'loc-prairie-light-church', kind: 'Church', name: 'Prairie Light Church', parentId: ids.district3 },
  { locationId: 'loc-wesley-crossing-church', kind: 'Church', name: 'Wesley Crossing Church', parentId: ids.district3 },
];

const ANCESTOR_FIELD: Partial<Record<LocationKind, 'jurisdictionId' | 'episcopalAreaId' | 'conferenceId' | 'districtId'>> = {
  Jurisdiction: 'jurisdictionId',
  EpiscopalArea: 'episcopalAreaId',
  Conference: 'conferenceId',
  District: 'districtId',
};

export interface DemoLocationItem extends DemoLocation {
  parentName: string;
  ancestorIds: string[];
  ancestors: { jurisdictionId?: string; episcopalAreaId?: string; conferenceId?: string; districtId?: string };
  childNames?: string[];
}

/** Location items with their ancestor chains resolved (and episcopal areas' conference names). */
export function demoLocationItems(): DemoLocationItem[] {
  const byId = new Map<string, DemoLocationItem>();
  for (const location of DEMO_LOCATIONS) {
    const parent = byId.get(location.parentId);
    const ancestorIds = [...(parent?.ancestorIds ?? []), location.locationId];
    const ancestors = { ...(parent?.ancestors ?? {}) };
    const field = ANCESTOR_FIELD[parent?.kind ?? 'Church'];
    if (parent && field) ancestors[field] = parent.locationId;
    byId.set(location.locationId, { ...location, parentName: parent?.name ?? 'System', ancestorIds, ancestors });
  }
  const items = [...byId.values()];
  for (const item of items) {
    if (item.kind === 'EpiscopalArea') item.childNames = areaChildNames(items.filter((child) => child.parentId === item.locationId));
  }
  return items;
}

export function demoLocation(locationId: string): DemoLocationItem {
  const found = demoLocationItems().find((item) => item.locationId === locationId);
  if (!found) throw new Error(`No demo location ${locationId}`);
  return found;
}
