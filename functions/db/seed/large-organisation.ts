import type { LocationKind } from '../../../shared/auth/vocabulary';
import { DEMO_LOCATION_IDS, demoLocationItems, type DemoLocationItem } from './demo-organisation';
import { churchName, JURISDICTION_NAMES, NAME_POOLS, uniqueNamer } from './large-names';
import { seededRandom } from './large-random';
import { areaChildNames } from '../../core/locations/location-entries';

/**
 * The large seed's organisation: the demo locations plus generated ones, so the totals
 * reach the requested sizes. Generated episcopal areas hang from every jurisdiction,
 * generated conferences from generated areas (demo areas keep their conference names),
 * districts from every conference with a larger share for Blue Ridge (the demo
 * conference admin's), churches spread evenly over every district, demo ones included.
 */
export interface LargeSizes {
  jurisdictions: number;
  episcopalAreas: number;
  conferences: number;
  districts: number;
  churches: number;
  users: number;
}

/** Totals including the demo organisation. */
export const LARGE_SIZES: LargeSizes = { jurisdictions: 5, episcopalAreas: 40, conferences: 55, districts: 400, churches: 30_000, users: 50_000 };

/** Blue Ridge's share of the generated districts (and so of the churches and users). */
const DEMO_CONFERENCE_DISTRICT_SHARE = 0.05;

export type LocationItem = DemoLocationItem;

/** What a person's church permission and membership copy of their church. */
export type ChurchRef = Pick<LocationItem, 'locationId' | 'name' | 'ancestorIds'>;

export interface LargeOrganisation {
  /** Generated locations only, parents before children. */
  generated: LocationItem[];
  /** Every district, demo and generated: users are spread over these. */
  districts: LocationItem[];
  /** Church ids per district id, demo churches included. */
  churchesByDistrict: Map<string, ChurchRef[]>;
}

const ANCESTOR_FIELD: Partial<Record<LocationKind, keyof LocationItem['ancestors']>> = {
  Jurisdiction: 'jurisdictionId',
  EpiscopalArea: 'episcopalAreaId',
  Conference: 'conferenceId',
  District: 'districtId',
};

/** A location under `parent` (undefined: under the System root) with its ancestor chain. */
function childOf(parent: LocationItem | undefined, locationId: string, kind: LocationKind, name: string): LocationItem {
  const ancestors = { ...(parent?.ancestors ?? {}) };
  const field = parent && ANCESTOR_FIELD[parent.kind];
  if (parent && field) ancestors[field] = parent.locationId;
  return {
    locationId,
    kind,
    name,
    parentId: parent?.locationId ?? 'system',
    parentName: parent?.name ?? 'System',
    ancestorIds: [...(parent?.ancestorIds ?? []), locationId],
    ancestors,
  };
}

function generatedCount(sizes: LargeSizes, kind: LocationKind, demo: LocationItem[]): number {
  const key = { Jurisdiction: 'jurisdictions', EpiscopalArea: 'episcopalAreas', Conference: 'conferences', District: 'districts', Church: 'churches' } as const;
  const count = sizes[key[kind]] - demo.filter((location) => location.kind === kind).length;
  if (count < 0) throw new Error(`The demo organisation alone has more ${key[kind]} than ${sizes[key[kind]]}`);
  return count;
}

/** Fixed ids: `gen-<kind>-<n>`, numbered from 1 within the kind. */
const idOf = (kind: string, index: number) => `gen-${kind}-${String(index + 1).padStart(5, '0')}`;

export function largeOrganisation(sizes: LargeSizes = LARGE_SIZES, seed = 20250106): LargeOrganisation {
  const random = seededRandom(seed);
  const demo = demoLocationItems();
  const ofKind = (items: LocationItem[], kind: LocationKind) => items.filter((item) => item.kind === kind);
  const count = (kind: LocationKind) => generatedCount(sizes, kind, demo);
  const takenNames = (kind: LocationKind) => ofKind(demo, kind).map((item) => item.name);
  const generated: LocationItem[] = [];

  const jurisdictionNames = uniqueNamer(random, NAME_POOLS.regions, 'Jurisdiction', takenNames('Jurisdiction'));
  const jurisdictions = Array.from({ length: count('Jurisdiction') }, (_, i) =>
    childOf(undefined, idOf('jur', i), 'Jurisdiction', JURISDICTION_NAMES[i] ?? jurisdictionNames()),
  );
  const allJurisdictions = [...ofKind(demo, 'Jurisdiction'), ...jurisdictions];

  const areaNames = uniqueNamer(random, NAME_POOLS.regions, 'Episcopal Area', takenNames('EpiscopalArea'));
  const areas = Array.from({ length: count('EpiscopalArea') }, (_, i) =>
    childOf(allJurisdictions[i % allJurisdictions.length], idOf('area', i), 'EpiscopalArea', areaNames()),
  );

  const conferenceCount = count('Conference');
  if (conferenceCount > 0 && areas.length === 0) throw new Error('Generated conferences need generated episcopal areas (demo areas keep their conference names)');
  const conferenceNames = uniqueNamer(random, NAME_POOLS.regions, 'Conference', takenNames('Conference'));
  const conferences = Array.from({ length: conferenceCount }, (_, i) => childOf(areas[i % areas.length], idOf('conf', i), 'Conference', conferenceNames()));
  for (const area of areas) area.childNames = areaChildNames(conferences.filter((conference) => conference.parentId === area.locationId));

  // Blue Ridge first, then round-robin over the other conferences.
  const demoConference = demo.find((item) => item.locationId === DEMO_LOCATION_IDS.conference1)!;
  const otherConferences = [...ofKind(demo, 'Conference'), ...conferences].filter((conference) => conference !== demoConference);
  const districtCount = count('District');
  const demoConferenceShare = districtCount ? Math.max(1, Math.round(districtCount * DEMO_CONFERENCE_DISTRICT_SHARE)) : 0;
  const districtNames = uniqueNamer(random, NAME_POOLS.regionsAndTowns, 'District', takenNames('District'));
  const districts = Array.from({ length: districtCount }, (_, i) => {
    const parent = i < demoConferenceShare ? demoConference : otherConferences[(i - demoConferenceShare) % otherConferences.length];
    return childOf(parent, idOf('dist', i), 'District', districtNames());
  });
  const allDistricts = [...ofKind(demo, 'District'), ...districts];

  const churchesByDistrict = new Map(allDistricts.map((district) => [district.locationId, [] as ChurchRef[]]));
  for (const church of ofKind(demo, 'Church')) churchesByDistrict.get(church.parentId)!.push(church);
  const churches = Array.from({ length: count('Church') }, (_, i) => {
    const church = childOf(allDistricts[i % allDistricts.length], idOf('church', i), 'Church', churchName(random));
    churchesByDistrict.get(church.parentId)!.push(church);
    return church;
  });

  generated.push(...jurisdictions, ...areas, ...conferences, ...districts, ...churches);
  return { generated, districts: allDistricts, churchesByDistrict };
}
