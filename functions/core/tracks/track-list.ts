import type { TrackTemplateView } from '../../../shared/schemas/track';
import { db } from '../../db/service';
import { inKeyOrder } from '../../db/key-order';
import { getLocationsById } from '../../db/access/location-store';
import { SYSTEM_PLACE, isSystemTrack, mayActAt, type TrackCaller, type TrackPlace } from './track-scope';
import { statusOf, type TrackTemplateItem } from './track-store';
import { trackListSources, type TrackListSource } from './track-list-sources';
import { toTrackView } from './track-view';

export interface TrackListQuery {
  limit: number;
  offset: number;
  where?: { name?: string; conferenceId?: string; active?: boolean; inactive?: boolean };
}

type Status = 'active' | 'inactive';

/** One sorted list (tracks in one status, by name), read far enough for the page. */
async function readList(source: TrackListSource, status: Status, prefix: string, take: number): Promise<TrackTemplateItem[]> {
  const indexes = db().entities.trackTemplate.query;
  const query =
    source.kind === 'all'
      ? indexes.byStatus({ status })
      : source.kind === 'area'
        ? indexes.byArea({ episcopalAreaId: source.areaId, status })
        : indexes.byConference({ conferenceId: source.place.conferenceId, status });
  const { data } = await query.begins({ name: prefix }).go({ limit: take, count: take });
  return data;
}

/** By name, then id: the lists' own order (each is read only to `take` rows). */
const byName = inKeyOrder((row: TrackTemplateItem) => [row.name, row.trackTemplateId]);

/**
 * Where each row of a page sits: the places the sources named, the others (rows of the list of every
 * track or of an area's) read in one BatchGet of the page's conferences.
 */
async function placesOfRows(rows: TrackTemplateItem[], sources: TrackListSource[]): Promise<Map<string, TrackPlace>> {
  const places = new Map<string, TrackPlace>([[SYSTEM_PLACE.conferenceId, SYSTEM_PLACE]]);
  for (const source of sources) if (source.kind === 'place') places.set(source.place.conferenceId, source.place);
  const missing = rows.map((row) => row.conferenceId).filter((id) => !places.has(id) && !isSystemTrack(id));
  for (const conference of (await getLocationsById(missing)).values()) {
    places.set(conference.locationId, { conferenceId: conference.locationId, conferenceName: conference.name, ancestorIds: conference.ancestorIds });
  }
  return places;
}

/**
 * The Track Templates table (SPEC.md section 2): the caller's lists (track-list-sources.ts: a number
 * set by their permissions, never by the number of conferences) in the active and/or inactive status,
 * each read to `offset + limit + 1`, merged by name. The count is exact up to the page and one more
 * while rows follow, so a pager offers a next page exactly when there is one. Each row is checked
 * against its conference as it is now: a row whose list key has not yet followed a moved conference
 * is left out rather than shown to someone who may no longer read it.
 */
export async function trackPage(auth: TrackCaller, query: TrackListQuery): Promise<{ data: TrackTemplateView[]; count: number }> {
  const where = query.where ?? {};
  const statuses = [...(where.active ?? true ? [statusOf(false)] : []), ...(where.inactive ? [statusOf(true)] : [])];
  const sources = await trackListSources(auth, where.conferenceId);
  if (statuses.length === 0 || sources.length === 0) return { data: [], count: 0 };
  const take = query.offset + query.limit + 1;
  const prefix = (where.name ?? '').trim();
  const lists = await Promise.all(sources.flatMap((source) => statuses.map((status) => readList(source, status, prefix, take))));
  const merged = [...new Map(lists.flat().map((row) => [row.trackTemplateId, row])).values()].sort(byName);
  const rows = merged.slice(query.offset, query.offset + query.limit);
  const places = await placesOfRows(rows, sources);
  const readable = rows.filter((row) => {
    const place = places.get(row.conferenceId);
    return place !== undefined && mayActAt(auth, 'read', place);
  });
  const more = merged.length > query.offset + query.limit ? 1 : 0;
  return { data: readable.map((row) => toTrackView(row, places.get(row.conferenceId)!.conferenceName)), count: query.offset + readable.length + more };
}

/** A conference's active tracks by name (pickers: Copy, Import, the import pickers), '0' for the system tracks. */
export async function tracksOfConference(auth: TrackCaller, conferenceId: string, query: { name?: string; limit: number }): Promise<TrackTemplateView[]> {
  return (await trackPage(auth, { limit: query.limit, offset: 0, where: { conferenceId, name: query.name, active: true } })).data;
}
