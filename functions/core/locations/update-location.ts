import type { Action, LocationKind } from '../../../shared/auth/vocabulary';
import { scoped } from '../../../shared/auth/ability';
import type { LocationView } from '../../../shared/schemas/location';
import { StaleVersionError } from '../../db/versioned';
import { retryOnStale } from '../../db/transact';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { ancestryUnder } from './ancestry';
import { getLocation, getLocationOfKind, type LocationItem } from '../../db/access/location-store';
import { parentKindOf, toLocationView } from './location-view';
import { writeLocationChange } from './location-writes';
import { auditActorOf, type AuditCaller } from '../records/audit-write';

export interface LocationChanges {
  /** The version the client read; a stale one is a 409. */
  version: number;
  name?: string;
  active?: boolean;
  /** A new parent moves the location (and, through a background job, everything under it). */
  parentId?: string;
  /** Conferences only (the contract refuses them for other kinds): messaging time zone and SMS quiet hours. */
  timeZone?: string;
  quietHoursStart?: string;
  quietHoursEnd?: string;
}

type Caller = Pick<AuthContext, 'ability' | 'userId'> & AuditCaller;

/** A location of this route's kind the caller may act on; 404 / 403 otherwise. */
async function loadForAction(auth: Pick<AuthContext, 'ability'>, kind: LocationKind, locationId: string, action: Action): Promise<LocationItem> {
  const found = await getLocationOfKind(locationId, kind);
  if (!found) throw new NotFoundError();
  if (!auth.ability.can(action, scoped(kind, { ancestorIds: found.ancestorIds }))) throw new ForbiddenError();
  return found;
}

/** One location (GET by id): readable per its place in the hierarchy (rules.ts also lets people read upwards). */
export async function readLocation(auth: Pick<AuthContext, 'ability'>, kind: LocationKind, locationId: string): Promise<LocationView> {
  return toLocationView(await loadForAction(auth, kind, locationId, 'read'));
}

/**
 * Where the location goes when the client names a new parent: an active location of the
 * kind above, where the caller may create this kind (they may not move things out of, or
 * into, places they do not administer). Undefined when the parent stays.
 */
async function newPlace(auth: Caller, before: LocationItem, parentId: string | undefined) {
  if (parentId === undefined || parentId === before.parentId) return undefined;
  const kind = before.kind as LocationKind;
  const parent = await getLocation(parentId);
  if (!parent || !parent.active || parent.kind !== parentKindOf(kind)) throw new ValidationError({ parentId: ['Location is required'] });
  const place = ancestryUnder(parent, before.locationId);
  if (!auth.ability.can('create', scoped(kind, { ancestorIds: place.ancestorIds }))) throw new ForbiddenError();
  return place;
}

/** The messaging settings a conference edit names (the others stay as they are). */
function messagingChanges({ timeZone, quietHoursStart, quietHoursEnd }: LocationChanges) {
  return { ...(timeZone ? { timeZone } : {}), ...(quietHoursStart ? { quietHoursStart } : {}), ...(quietHoursEnd ? { quietHoursEnd } : {}) };
}

/** Renames, moves, deactivates or reactivates (PATCH), based on the version the client read. */
export async function updateLocation(auth: Caller, kind: LocationKind, locationId: string, changes: LocationChanges): Promise<LocationView> {
  const before = await loadForAction(auth, kind, locationId, 'update');
  if (before.version !== changes.version) throw new StaleVersionError(undefined, before.version);
  const name = changes.name?.trim() ?? before.name;
  if (!name) throw new ValidationError({ name: ['Name is required.'] });
  const place = await newPlace(auth, before, changes.parentId);
  const after = {
    ...before,
    ...place,
    name,
    active: changes.active ?? before.active,
    ...(kind === 'Conference' ? messagingChanges(changes) : {}),
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
  };
  const jobId = await writeLocationChange({ before, after, expectedVersion: changes.version, actorId: auth.userId, actor: auditActorOf(auth) });
  return { ...toLocationView(after), ...(jobId ? { jobId } : {}) };
}

/** DELETE: deactivates; repeating it changes nothing. Takes no version, so a concurrent edit is simply retried. */
export async function deactivateLocation(auth: Caller, kind: LocationKind, locationId: string): Promise<LocationView> {
  return retryOnStale(async () => {
    const before = await loadForAction(auth, kind, locationId, 'delete');
    if (!before.active) return toLocationView(before);
    const after = { ...before, active: false, version: before.version + 1, updatedAt: new Date().toISOString() };
    await writeLocationChange({ before, after, expectedVersion: before.version, actorId: auth.userId, actor: auditActorOf(auth) });
    return toLocationView(after);
  }, 3);
}
