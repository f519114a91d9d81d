import { db } from '../../db/service';
import { grants } from '../../../shared/auth/permissions';
import { LOCATION_KINDS } from '../../../shared/auth/vocabulary';
import type { AuthContext } from '../session/resolve-session';
import { getLocationsById } from '../locations/location-store';

/** How system (conference-less) tracks are offered in conference pickers. */
export const SYSTEM_TRACK_CHOICE = { id: '0', name: 'System' } as const;

const CONFERENCE_DEPTH = LOCATION_KINDS.indexOf('Conference');

/**
 * The conferences the caller works in, by name: a superadmin's are all active conferences
 * (one Query of the by-kind index); anyone else's are the conferences they hold or that
 * contain their districts and churches.
 */
export async function userConferences(auth: AuthContext, includeSystemTrack: boolean): Promise<Array<{ id: string; name: string }>> {
  const conferences = auth.isSuperadmin ? await allActiveConferences() : await heldConferences(auth);
  const sorted = conferences.sort((a, b) => a.name.localeCompare(b.name));
  return includeSystemTrack ? [SYSTEM_TRACK_CHOICE, ...sorted] : sorted;
}

/** Far more conferences than any organisation has (the large benchmark has 55): the read stops there. */
const CONFERENCES_MAX = 500;

async function allActiveConferences(): Promise<Array<{ id: string; name: string }>> {
  const { data } = await db().entities.location.query.byKind({ kind: 'Conference' }).go({ limit: CONFERENCES_MAX });
  return data.filter((place) => place.active).map((place) => ({ id: place.locationId, name: place.name }));
}

async function heldConferences(auth: AuthContext): Promise<Array<{ id: string; name: string }>> {
  const ids = grants(auth.permissions)
    .map((permission) => permission.ancestorIds[CONFERENCE_DEPTH])
    .filter((id): id is string => Boolean(id));
  const places = await getLocationsById(ids);
  return [...places.values()].filter((place) => place.active && place.kind === 'Conference').map((place) => ({ id: place.locationId, name: place.name }));
}
