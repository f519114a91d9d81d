import { denials, grants } from '../../../shared/auth/permissions';
import { LOCATION_KINDS } from '../../../shared/auth/vocabulary';
import { db } from '../../db/service';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { getLocationOfKind, getLocationsById } from '../../db/access/location-store';
import { SYSTEM_PLACE, isSystemTrack, mayActAt, storedConferenceId, type TrackCaller, type TrackPlace } from './track-scope';

const AREA_DEPTH = LOCATION_KINDS.indexOf('EpiscopalArea');
const CONFERENCE_DEPTH = LOCATION_KINDS.indexOf('Conference');
/** Episcopal areas of a jurisdiction, or conferences of an area, read at most (a handful each in the organisation). */
const CHILDREN_MAX = 100;

/**
 * One keyed list of track templates the Track Templates table reads (docs/data-model.md, track lists):
 * every track (`byStatus`, a superadmin's), an episcopal area's (`byArea`), or one place's (`byConference`:
 * a conference, or the System root for system tracks).
 */
export type TrackListSource = { kind: 'all' } | { kind: 'area'; areaId: string } | { kind: 'place'; place: TrackPlace };

/** The children of `parentId` of one kind (a jurisdiction's areas, an area's conferences), by key. */
async function childrenOf(parentId: string, kind: 'EpiscopalArea' | 'Conference') {
  const { data } = await db().entities.location.query.byParent({ parentId, kind }).go({ limit: CHILDREN_MAX, count: CHILDREN_MAX });
  return data;
}

/** The place a conference filter names (403 when out of reach): the filter reads that one list. */
async function namedPlace(auth: TrackCaller, conferenceId: string): Promise<TrackListSource> {
  const stored = storedConferenceId(conferenceId);
  let place = SYSTEM_PLACE;
  if (!isSystemTrack(stored)) {
    const conference = await getLocationOfKind(stored, 'Conference');
    if (!conference) throw new ValidationError({ 'where.conferenceId': ['Conference is required.'] });
    place = { conferenceId: conference.locationId, conferenceName: conference.name, ancestorIds: conference.ancestorIds };
  }
  if (!mayActAt(auth, 'read', place)) throw new ForbiddenError();
  return { kind: 'place', place };
}

const ANY_CONFERENCE = '\u0000any-conference';

/**
 * Whether the caller may read a track of any conference of this area: asked of a conference no
 * permission names, so neither reading upwards from one conference nor a grant in another counts.
 */
const mayReadAllOf = (auth: TrackCaller, areaChain: string[]) =>
  mayActAt(auth, 'read', { conferenceId: ANY_CONFERENCE, conferenceName: null, ancestorIds: [...areaChain, ANY_CONFERENCE] });

/**
 * The lists an unfiltered page merges, a number that depends on the caller's permissions, never on the
 * number of conferences:
 * - a superadmin: the list of every track;
 * - a grant at or below a conference: that conference's list (track designs are read upwards);
 * - a grant at an episcopal area (a bishop): the area's list; at a jurisdiction: one per area under it;
 * - the system tracks' list, when the caller may read them.
 * A denial inside an area the caller reads whole (a conference of it denied) cannot be expressed by the
 * area's list: that area is read conference by conference instead, the denied ones left out, so a page
 * never shows a track the caller may not read and never comes up short.
 */
export async function trackListSources(auth: TrackCaller, conferenceId: string | undefined): Promise<TrackListSource[]> {
  if (conferenceId !== undefined) return [await namedPlace(auth, conferenceId)];
  if (auth.isSuperadmin) return [{ kind: 'all' }];
  const chains = grants(auth.permissions).map((permission) => permission.ancestorIds);
  const areas = new Map<string, string[]>();
  for (const chain of chains) {
    if (chain.length === AREA_DEPTH + 1) areas.set(chain[AREA_DEPTH], chain);
    if (chain.length === AREA_DEPTH) for (const area of await childrenOf(chain[0], 'EpiscopalArea')) areas.set(area.locationId, area.ancestorIds);
  }
  // Only a denial of a conference hides tracks inside an area (tracks sit at their conference).
  const deniedAreas = new Set(denials(auth.permissions).filter((denial) => denial.ancestorIds.length === CONFERENCE_DEPTH + 1).map((denial) => denial.ancestorIds[AREA_DEPTH]));
  const sources: TrackListSource[] = [];
  const fallback: string[] = [];
  for (const [areaId, ancestorIds] of areas) {
    if (!mayReadAllOf(auth, ancestorIds)) continue;
    if (!deniedAreas.has(areaId)) sources.push({ kind: 'area', areaId });
    else fallback.push(...(await childrenOf(areaId, 'Conference')).map((conference) => conference.locationId));
  }
  const readWhole = new Set(sources.map((source) => source.kind === 'area' && source.areaId));
  const conferenceIds = new Set([...chains.filter((chain) => chain.length > CONFERENCE_DEPTH && !readWhole.has(chain[AREA_DEPTH])).map((chain) => chain[CONFERENCE_DEPTH]), ...fallback]);
  const conferences = await getLocationsById(conferenceIds);
  const places = [...conferences.values()].map((conference): TrackPlace => ({ conferenceId: conference.locationId, conferenceName: conference.name, ancestorIds: conference.ancestorIds }));
  for (const place of [...places, SYSTEM_PLACE]) if (mayActAt(auth, 'read', place)) sources.push({ kind: 'place', place });
  return sources;
}
