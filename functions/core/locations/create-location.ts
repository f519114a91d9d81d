import type { LocationKind } from '../../../shared/auth/vocabulary';
import { scoped } from '../../../shared/auth/ability';
import type { LocationView } from '../../../shared/schemas/location';
import { SYSTEM_PARENT, ancestryUnder } from './ancestry';
import { BULK_MAX } from '../../../shared/api/limits';
import { newId } from '../../db/ids';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { duplicateNameMessage } from './kind-labels';
import { getLocation, type LocationItem } from '../../db/access/location-store';
import { parentKindOf, toLocationView } from './location-view';
import { writeNewLocations } from './location-writes';
import { auditActorOf, type AuditCaller } from '../records/audit-write';

export interface NewLocation {
  name: string;
  parentId?: string;
}

type Caller = Pick<AuthContext, 'ability' | 'userId'> & AuditCaller;

/** One transaction holds 100 items; each new location takes three (itself, its name claim and its audit entry). */
const BULK_CREATE_MAX = BULK_MAX;
type ParentLookup = (parentId: string) => Promise<LocationItem | null>;


/** Creates one location under a parent of the kind just above (SPEC.md section 5). */
export async function createLocation(auth: Caller, kind: LocationKind, input: NewLocation): Promise<LocationView> {
  const item = await planLocation(auth, kind, input, getLocation);
  await writeNewLocations([item], auditActorOf(auth));
  return toLocationView(item);
}

/**
 * Creates several at once, in one transaction: every item is checked by the same rules (and
 * against the others for duplicate names) before anything is written, and a name taken
 * meanwhile fails the whole transaction on its claim, so one bad item writes nothing.
 * Field errors are keyed by the item's index (`2.name`).
 */
export async function createLocations(auth: Caller, kind: LocationKind, inputs: NewLocation[]): Promise<LocationView[]> {
  if (inputs.length > BULK_CREATE_MAX) throw new ValidationError({ body: [`At most ${BULK_CREATE_MAX} locations at once.`] });
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
  await writeNewLocations(items, auditActorOf(auth), (index) => `${index}.name`);
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
  // A taken name fails the write's claim (location-writes.ts): no Query decides uniqueness.

  const now = new Date().toISOString();
  return {
    locationId,
    kind,
    name,
    active: true,
    ...ancestryUnder(parent, locationId),
    ...(kind === 'EpiscopalArea' ? { childNames: [] } : {}),
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}
