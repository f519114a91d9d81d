import type { LocationKind } from '../../../shared/auth/vocabulary';
import { scoped } from '../../../shared/auth/ability';
import type { LocationView } from '../../../shared/schemas/location';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { newId } from '../../db/ids';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { duplicateNameMessage } from './kind-labels';
import { getLocation, type LocationItem } from './location-store';
import { parentKindOf, toLocationView } from './location-view';
import { writeNewLocation } from './location-writes';
import { siblingHasName } from './sibling-names';

export interface NewLocation {
  name: string;
  parentId?: string;
}

type Caller = Pick<AuthContext, 'ability'>;
type ParentLookup = (parentId: string) => Promise<LocationItem | null>;

/** Jurisdictions hang from the System root; it needs no read. */
const SYSTEM_PARENT = { locationId: SYSTEM_LOCATION_ID, kind: 'System', name: 'System', active: true, ancestorIds: [] as string[], ancestors: {} } as const;

const ANCESTOR_FIELD = {
  Jurisdiction: 'jurisdictionId',
  EpiscopalArea: 'episcopalAreaId',
  Conference: 'conferenceId',
  District: 'districtId',
} as const;

/** Creates one location under a parent of the kind just above (SPEC.md section 5). */
export async function createLocation(auth: Caller, kind: LocationKind, input: NewLocation): Promise<LocationView> {
  const item = await planLocation(auth, kind, input, getLocation);
  await writeNewLocation(item);
  return toLocationView(item);
}

/**
 * Creates several at once: every item is checked by the same rules (and against the others
 * for duplicate names) before anything is written, so one bad item writes nothing.
 * Field errors are keyed by the item's index (`2.name`).
 */
export async function createLocations(auth: Caller, kind: LocationKind, inputs: NewLocation[]): Promise<LocationView[]> {
  const parents = new Map<string, Promise<LocationItem | null>>();
  const cachedParent: ParentLookup = (parentId) => {
    if (!parents.has(parentId)) parents.set(parentId, getLocation(parentId));
    return parents.get(parentId)!;
  };
  const fieldErrors: Record<string, string[]> = {};
  const items: LocationItem[] = [];
  const namesSeen = new Set<string>();
  for (const [index, input] of inputs.entries()) {
    try {
      const item = await planLocation(auth, kind, input, cachedParent);
      const key = `${item.parentId}\u0000${item.name.toLowerCase()}`;
      if (namesSeen.has(key)) throw new ValidationError({ name: [duplicateNameMessage(kind)] });
      namesSeen.add(key);
      items.push(item);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) fieldErrors[`${index}.${field}`] = messages;
    }
  }
  if (Object.keys(fieldErrors).length) throw new ValidationError(fieldErrors);
  for (const item of items) await writeNewLocation(item);
  return items.map(toLocationView);
}

/** Checks one new location (parent, permission, unique name) and builds its item; writes nothing. */
async function planLocation(auth: Caller, kind: LocationKind, input: NewLocation, parentOf: ParentLookup): Promise<LocationItem> {
  const parent = kind === 'Jurisdiction' ? SYSTEM_PARENT : input.parentId ? await parentOf(input.parentId) : null;
  if (!parent || !parent.active || parent.kind !== parentKindOf(kind)) throw new ValidationError({ parentId: ['Location is required'] });

  const locationId = newId();
  const ancestorIds = [...parent.ancestorIds, locationId];
  if (!auth.ability.can('create', scoped(kind, { ancestorIds }))) throw new ForbiddenError();

  const name = input.name.trim();
  if (!name) throw new ValidationError({ name: ['Name is required.'] });
  if (await siblingHasName(parent.locationId, kind, name)) throw new ValidationError({ name: [duplicateNameMessage(kind)] });

  const now = new Date().toISOString();
  const field = parent.kind === 'System' ? undefined : ANCESTOR_FIELD[parent.kind as keyof typeof ANCESTOR_FIELD];
  return {
    locationId,
    kind,
    name,
    active: true,
    parentId: parent.locationId,
    parentName: parent.name,
    ancestors: { ...parent.ancestors, ...(field ? { [field]: parent.locationId } : {}) },
    ancestorIds,
    ...(kind === 'EpiscopalArea' ? { childNames: [] } : {}),
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}
