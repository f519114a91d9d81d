import { db } from '../../db/service';
import { deniedIds, grants } from '../../../shared/auth/permissions';
import { LOCATION_KINDS } from '../../../shared/auth/vocabulary';
import type { AuthContext } from '../session/resolve-session';
import { getLocationsById } from '../../db/access/location-store';
import { conferencesBelow } from '../locations/conferences-below';

/** How system (conference-less) tracks are offered in conference pickers. */
export const SYSTEM_TRACK_CHOICE = { id: '0', name: 'System' } as const;

const CONFERENCE_DEPTH = LOCATION_KINDS.indexOf('Conference');

/**
 * The conferences the caller works in, by name: a superadmin's are all active conferences
 * (one Query of the by-kind index); anyone else's are the conferences they hold, that
 * contain their districts and churches, or that lie under a jurisdiction or episcopal area
 * they are placed at (one directory Query per such place).
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
  const held = grants(auth.permissions);
  const ids = held.map((permission) => permission.ancestorIds[CONFERENCE_DEPTH]).filter((id): id is string => Boolean(id));
  const [places, below] = await Promise.all([getLocationsById(ids), conferencesBelow(held, CONFERENCES_MAX)]);
  const direct = [...places.values()].filter((place) => place.active && place.kind === 'Conference').map((place) => ({ id: place.locationId, name: place.name }));
  const denied = deniedIds(auth.permissions);
  const under = below.filter((conference) => !conference.chain.some((id) => denied.has(id))).map(({ id, name }) => ({ id, name }));
  return [...new Map([...direct, ...under].map((conference) => [conference.id, conference])).values()];
}
