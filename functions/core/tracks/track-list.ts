import type { TrackTemplateView } from '../../../shared/schemas/track';
import { grants } from '../../../shared/auth/permissions';
import { db } from '../../db/service';
import { normaliseTerm } from '../../db/directory';
import { ValidationError, ForbiddenError } from '../../lib/errors';
import { getLocationOfKind, getLocationsById, type LocationItem } from '../locations/location-store';
import { SYSTEM_PLACE, isSystemTrack, mayActAt, storedConferenceId, type TrackCaller, type TrackPlace } from './track-scope';
import { statusOf, type TrackTemplateItem } from './track-store';
import { toTrackView } from './track-view';

/** A conference's position in every location chain: jurisdiction, episcopal area, conference. */
const CONFERENCE_DEPTH = 2;
/** The organisation's conferences are few; a superadmin's unfiltered list reads at most this many. */
const CONFERENCES_MAX = 100;

export interface TrackListQuery {
  limit: number;
  offset: number;
  where?: { name?: string; conferenceId?: string; active?: boolean; inactive?: boolean };
}

const placeOfConference = (conference: LocationItem): TrackPlace => ({
  conferenceId: conference.locationId,
  conferenceName: conference.name,
  ancestorIds: conference.ancestorIds,
});

/**
 * The places a list reads: the one the filter names (403 when out of reach), or every
 * conference the caller works in or reads upwards (a superadmin: every conference) and the
 * system tracks, keeping those the caller may read.
 */
async function listedPlaces(auth: TrackCaller, conferenceId: string | undefined): Promise<TrackPlace[]> {
  if (conferenceId !== undefined) {
    const stored = storedConferenceId(conferenceId);
    let place = SYSTEM_PLACE;
    if (!isSystemTrack(stored)) {
      const conference = await getLocationOfKind(stored, 'Conference');
      if (!conference) throw new ValidationError({ 'where.conferenceId': ['Conference is required.'] });
      place = placeOfConference(conference);
    }
    if (!mayActAt(auth, 'read', place)) throw new ForbiddenError();
    return [place];
  }
  let conferences: LocationItem[];
  if (auth.isSuperadmin) {
    conferences = (await db().entities.location.query.byKind({ kind: 'Conference' }).go({ limit: CONFERENCES_MAX, count: CONFERENCES_MAX })).data;
  } else {
    const ids = grants(auth.permissions).flatMap((permission) => permission.ancestorIds.slice(CONFERENCE_DEPTH, CONFERENCE_DEPTH + 1));
    conferences = [...(await getLocationsById(ids)).values()];
  }
  return [...conferences.map(placeOfConference), SYSTEM_PLACE].filter((place) => mayActAt(auth, 'read', place));
}

/** One sorted list (a place's tracks in one status, by name), read far enough for the page. */
async function readList(place: TrackPlace, status: 'active' | 'inactive', prefix: string, take: number): Promise<TrackTemplateItem[]> {
  const { data } = await db()
    .entities.trackTemplate.query.byConference({ conferenceId: place.conferenceId, status })
    .begins({ name: prefix })
    .go({ limit: take, count: take });
  return data;
}

const byName = (a: TrackTemplateItem, b: TrackTemplateItem) =>
  normaliseTerm(a.name).localeCompare(normaliseTerm(b.name)) || a.trackTemplateId.localeCompare(b.trackTemplateId);

/**
 * The Track Templates table (SPEC.md section 2): the places' active and/or inactive lists,
 * each read to `offset + limit + 1`, merged by name. The count is exact up to the page and
 * one more while rows follow, so a pager offers a next page exactly when there is one.
 */
export async function trackPage(auth: TrackCaller, query: TrackListQuery): Promise<{ data: TrackTemplateView[]; count: number }> {
  const where = query.where ?? {};
  const statuses = [...(where.active ?? true ? [statusOf(false)] : []), ...(where.inactive ? [statusOf(true)] : [])];
  const places = await listedPlaces(auth, where.conferenceId);
  if (statuses.length === 0 || places.length === 0) return { data: [], count: 0 };
  const take = query.offset + query.limit + 1;
  const prefix = (where.name ?? '').trim();
  const lists = await Promise.all(places.flatMap((place) => statuses.map((status) => readList(place, status, prefix, take))));
  const merged = lists.flat().sort(byName);
  const rows = merged.slice(query.offset, query.offset + query.limit);
  const names = new Map(places.map((place) => [place.conferenceId, place.conferenceName]));
  const more = merged.length > query.offset + query.limit ? 1 : 0;
  return { data: rows.map((row) => toTrackView(row, names.get(row.conferenceId) ?? null)), count: query.offset + rows.length + more };
}

/** A conference's active tracks by name (pickers: Copy, Import, the import pickers), '0' for the system tracks. */
export async function tracksOfConference(auth: TrackCaller, conferenceId: string, query: { name?: string; limit: number }): Promise<TrackTemplateView[]> {
  return (await trackPage(auth, { limit: query.limit, offset: 0, where: { conferenceId, name: query.name, active: true } })).data;
}
