import type { Action, LocationKind } from '../../../shared/auth/vocabulary';
import { scoped } from '../../../shared/auth/ability';
import type { LocationView } from '../../../shared/schemas/location';
import { StaleVersionError } from '../../db/versioned';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { duplicateNameMessage } from './kind-labels';
import { getLocationOfKind, type LocationItem } from './location-store';
import { toLocationView } from './location-view';
import { writeLocationChange } from './location-writes';
import { siblingHasName } from './sibling-names';

export interface LocationChanges {
  /** The version the client read; a stale one is a 409. */
  version: number;
  name?: string;
  active?: boolean;
}

type Caller = Pick<AuthContext, 'ability'>;

/** A location of this route's kind the caller may act on; 404 / 403 otherwise. */
async function loadForAction(auth: Caller, kind: LocationKind, locationId: string, action: Action): Promise<LocationItem> {
  const found = await getLocationOfKind(locationId, kind);
  if (!found) throw new NotFoundError();
  if (!auth.ability.can(action, scoped(kind, { ancestorIds: found.ancestorIds }))) throw new ForbiddenError();
  return found;
}

/** One location (GET by id): readable per its place in the hierarchy (rules.ts also lets people read upwards). */
export async function readLocation(auth: Caller, kind: LocationKind, locationId: string): Promise<LocationView> {
  return toLocationView(await loadForAction(auth, kind, locationId, 'read'));
}

/** Renames, deactivates or reactivates (PATCH), based on the version the client read. */
export async function updateLocation(auth: Caller, kind: LocationKind, locationId: string, changes: LocationChanges): Promise<LocationView> {
  const before = await loadForAction(auth, kind, locationId, 'update');
  if (before.version !== changes.version) throw new StaleVersionError(undefined, before.version);
  const name = changes.name?.trim() ?? before.name;
  if (!name) throw new ValidationError({ name: ['Name is required.'] });
  if (name.toLowerCase() !== before.name.toLowerCase() && before.parentId && (await siblingHasName(before.parentId, kind, name, before.locationId))) {
    throw new ValidationError({ name: [duplicateNameMessage(kind)] });
  }
  const after = { ...before, name, active: changes.active ?? before.active, version: before.version + 1, updatedAt: new Date().toISOString() };
  await writeLocationChange(before, after, changes.version);
  return toLocationView(after);
}

const DEACTIVATE_ATTEMPTS = 3;

/** DELETE: deactivates; repeating it changes nothing. Takes no version, so a concurrent edit is simply retried. */
export async function deactivateLocation(auth: Caller, kind: LocationKind, locationId: string): Promise<LocationView> {
  for (let attempt = 1; ; attempt++) {
    const before = await loadForAction(auth, kind, locationId, 'delete');
    if (!before.active) return toLocationView(before);
    const after = { ...before, active: false, version: before.version + 1, updatedAt: new Date().toISOString() };
    try {
      await writeLocationChange(before, after, before.version);
      return toLocationView(after);
    } catch (error) {
      if (!(error instanceof StaleVersionError) || attempt === DEACTIVATE_ATTEMPTS) throw error;
    }
  }
}
