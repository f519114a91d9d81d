import { LOCATION_KINDS, type LocationKind } from '../../shared/auth/vocabulary';
import { parentKindOf } from '../../functions/core/locations/location-view';
import { nameClaimOf } from '../../functions/core/locations/location-writes';
import type { LocationItem } from '../../functions/db/access/location-store';
import { claimKey } from '../../functions/db/claims';
import { normaliseTerm } from '../../functions/db/directory';
import { SYSTEM_LOCATION_ID } from '../../functions/db/entities/location';
import { db } from '../../functions/db/service';
import { batchGet } from '../../functions/db/transact';
import { PATH_SEPARATOR, kindLabel, type OrganisationRow, type RowError } from './organisation-rows';

/**
 * Places every row of the organisation file: finds its parent (a row of the file or a
 * location already in the table), and whether the location itself is already there (matched
 * by kind, name and parent through the name claim the app writes with every location, so
 * the check is the app's own uniqueness rule). Reads only; the writer (organisation-write.ts)
 * creates the rows planned as new.
 */
export interface PlacedLocation {
  kind: LocationKind | 'System';
  name: string;
  /** Set for a location in the table (and, once written, for a new one). */
  locationId?: string;
  active: boolean;
  parent?: PlacedLocation;
  /** Names from the jurisdiction down to this location. */
  path: string[];
  /** The file's row that names it, if any. */
  row?: number;
}

export interface OrganisationPlan {
  /** Parents before children. */
  create: PlacedLocation[];
  /** Rows naming locations that are already in the table. */
  present: PlacedLocation[];
}

const ROOT: PlacedLocation = { kind: 'System', name: 'System', locationId: SYSTEM_LOCATION_ID, active: true, path: [] };
/** The kinds that can be parents: their table locations are read whole (a few hundred at most). */
const PARENT_KINDS = LOCATION_KINDS.filter((kind) => kind !== 'Church');

const same = (a: string, b: string) => normaliseTerm(a) === normaliseTerm(b);
export const pathText = (path: string[]) => path.join(` ${PATH_SEPARATOR} `);

export async function planOrganisation(rows: OrganisationRow[]): Promise<{ plan: OrganisationPlan; errors: RowError[] }> {
  const candidates = await tableParents();
  const plan: OrganisationPlan = { create: [], present: [] };
  const errors: RowError[] = [];
  const seen = new Map<string, number>();

  for (const kind of LOCATION_KINDS) {
    const placed: Array<{ row: OrganisationRow; parent: PlacedLocation }> = [];
    for (const row of rows.filter((candidate) => candidate.kind === kind)) {
      const parent = kind === 'Jurisdiction' ? ROOT : findParent(row, candidates.get(parentKindOf(kind))!, errors);
      if (!parent) continue;
      const key = `${parent.locationId ?? `row ${parent.row}`}\u0000${normaliseTerm(row.name)}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        errors.push({ row: row.row, column: 'name', message: `"${row.name}" is also row ${earlier}: ${kindLabel(kind)} names are unique ${parent.kind === 'System' ? 'among jurisdictions' : `within a ${kindLabel(parent.kind)}`}` });
        continue;
      }
      seen.set(key, row.row);
      placed.push({ row, parent });
    }
    const existing = await locationsNamed(kind, placed.filter(({ parent }) => parent.locationId));
    for (const { row, parent } of placed) {
      const found = existing.get(row.row);
      if (found === 'orphan') {
        errors.push({ row: row.row, column: 'name', message: `the name is claimed under "${pathText(parent.path) || 'System'}" by no ${kindLabel(kind)} in the table (a broken claim): choose another name` });
        continue;
      }
      const location: PlacedLocation = found
        ? { kind, name: found.name, locationId: found.locationId, active: found.active, parent, path: [...parent.path, found.name], row: row.row }
        : { kind, name: row.name, active: true, parent, path: [...parent.path, row.name], row: row.row };
      (found ? plan.present : plan.create).push(location);
      // A location in the table is a candidate already, unless the index had not caught up with it.
      if (kind !== 'Church' && !(found && candidates.get(kind)!.some((candidate) => candidate.locationId === found.locationId))) candidates.get(kind)!.push(location);
    }
  }
  return { plan, errors };
}

/** The one location of the parent's kind whose path ends with the row's parent path; an error otherwise. */
function findParent(row: OrganisationRow, candidates: PlacedLocation[], errors: RowError[]): PlacedLocation | undefined {
  const parentKind = parentKindOf(row.kind) as LocationKind;
  const wanted = row.parentPath;
  const matches = candidates.filter((candidate) => candidate.path.length >= wanted.length && wanted.every((name, index) => same(name, candidate.path[candidate.path.length - wanted.length + index]!)));
  const label = kindLabel(parentKind);
  if (matches.length === 0) {
    errors.push({ row: row.row, column: 'parent', message: `unknown parent: no ${label} "${pathText(wanted)}" in this file or in the table` });
    return undefined;
  }
  if (matches.length > 1) {
    const places = matches.map((match) => `"${pathText(match.path)}"`).join(', ');
    errors.push({ row: row.row, column: 'parent', message: `"${pathText(wanted)}" names ${matches.length} ${label}s (${places}): write the parent's path, for example ${places.split(', ')[0]}` });
    return undefined;
  }
  const parent = matches[0]!;
  if (!parent.active) {
    errors.push({ row: row.row, column: 'parent', message: `the ${label} "${pathText(parent.path)}" is deactivated: reactivate it in the app first` });
    return undefined;
  }
  return parent;
}

/** The table's locations of every kind that can be a parent, with their paths (one Query per kind). */
async function tableParents(): Promise<Map<LocationKind | 'System', PlacedLocation[]>> {
  const items: LocationItem[] = [];
  for (const kind of PARENT_KINDS) items.push(...(await db().entities.location.query.byKind({ kind }).go({ pages: 'all' })).data);
  const byId = new Map(items.map((item) => [item.locationId, item]));
  const placed = new Map<string, PlacedLocation>([[SYSTEM_LOCATION_ID, ROOT]]);
  const place = (item: LocationItem): PlacedLocation => {
    const known = placed.get(item.locationId);
    if (known) return known;
    const parentItem = item.parentId ? byId.get(item.parentId) : undefined;
    const parent = parentItem ? place(parentItem) : ROOT;
    const location: PlacedLocation = { kind: item.kind as LocationKind, name: item.name, locationId: item.locationId, active: item.active, parent, path: [...parent.path, item.name] };
    placed.set(item.locationId, location);
    return location;
  };
  const candidates = new Map<LocationKind | 'System', PlacedLocation[]>([['System', [ROOT]], ...LOCATION_KINDS.map((kind) => [kind, []] as [LocationKind, PlacedLocation[]])]);
  for (const item of items) candidates.get(item.kind as LocationKind)!.push(place(item));
  return candidates;
}

/**
 * The table's location of `kind` with each row's name under its (stored) parent, by the name
 * claims: a location claims its name among its parent's children in its own transaction.
 * 'orphan' when a claim's holder is no location of that kind.
 */
async function locationsNamed(kind: LocationKind, placed: Array<{ row: OrganisationRow; parent: PlacedLocation }>): Promise<Map<number, LocationItem | 'orphan'>> {
  const claimOf = ({ row, parent }: (typeof placed)[number]) => claimKey(nameClaimOf({ kind, parentId: parent.locationId, name: row.name, locationId: '' }));
  const claims = await batchGet<{ scope: string; name: string; ownerId: string }>(db().entities.claim, placed.map(claimOf));
  const ownerOf = new Map(claims.map((claim) => [`${claim.scope}\u0000${claim.name}`, claim.ownerId]));
  const owners = await batchGet<LocationItem>(db().entities.location, [...new Set(ownerOf.values())].map((locationId) => ({ locationId })));
  const locations = new Map(owners.filter((item) => item.kind === kind).map((item) => [item.locationId, item]));
  const found = new Map<number, LocationItem | 'orphan'>();
  for (const entry of placed) {
    const key = claimOf(entry);
    const ownerId = ownerOf.get(`${key.scope}\u0000${key.name}`);
    if (ownerId) found.set(entry.row.row, locations.get(ownerId) ?? 'orphan');
  }
  return found;
}
