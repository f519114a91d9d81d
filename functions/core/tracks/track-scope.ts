import { scoped } from '../../../shared/auth/ability';
import { LOCATION_KINDS, type Action } from '../../../shared/auth/vocabulary';
import { canEditTrackTemplate } from '../../../shared/auth/policies/track-template-edit';
import { SYSTEM_SCOPE_ID } from '../../../shared/auth/scope';
import { NO_CONFERENCE_ID } from '../../../shared/schemas/track';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { getLocationOfKind } from '../../db/access/location-store';
import type { AuthContext } from '../session/resolve-session';
import type { AuditCaller } from '../records/audit-write';
import { getTrackTemplate, type TrackTemplateItem } from './track-store';

export type TrackCaller = Pick<AuthContext, 'ability' | 'roles' | 'userId' | 'isSuperadmin' | 'permissions'>;
/** A caller who changes a design: their change is audited (functions/core/records/design-records.ts). */
export type TrackWriter = TrackCaller & AuditCaller;

/** Where a track sits: its conference (or the System root) with the chain a scope check needs. */
export interface TrackPlace {
  /** The stored conference id: a conference, or the System root for a system track. */
  conferenceId: string;
  /** The conference's name; null for a system track. */
  conferenceName: string | null;
  ancestorIds: string[];
}

export const SYSTEM_PLACE: TrackPlace = { conferenceId: SYSTEM_LOCATION_ID, conferenceName: null, ancestorIds: [SYSTEM_SCOPE_ID] };

export const isSystemTrack = (conferenceId: string) => conferenceId === SYSTEM_LOCATION_ID;

const AREA_DEPTH = LOCATION_KINDS.indexOf('EpiscopalArea');

/**
 * A track's `episcopalAreaId` (its gsi4 `byArea` list) at this place: the conference's episcopal area,
 * the System root for a system track (or a conference whose chain is unknown; nobody reads that list).
 */
export const areaOf = (place: Pick<TrackPlace, 'conferenceId' | 'ancestorIds'>): string =>
  !isSystemTrack(place.conferenceId) && place.ancestorIds.length > AREA_DEPTH + 1 ? place.ancestorIds[AREA_DEPTH] : SYSTEM_LOCATION_ID;

/** The API's conference id ('0' means none) as stored. */
export const storedConferenceId = (apiId: string) => (apiId === NO_CONFERENCE_ID || apiId === SYSTEM_LOCATION_ID ? SYSTEM_LOCATION_ID : apiId);

/** The place a client names: an active conference, or '0'; anything else is a field message. */
export async function placeNamed(apiConferenceId: string): Promise<TrackPlace> {
  const conferenceId = storedConferenceId(apiConferenceId);
  if (isSystemTrack(conferenceId)) return SYSTEM_PLACE;
  const conference = await getLocationOfKind(conferenceId, 'Conference');
  if (!conference || !conference.active) throw new ValidationError({ conferenceId: ['Conference is required.'] });
  return { conferenceId, conferenceName: conference.name, ancestorIds: conference.ancestorIds };
}

/** Where a stored track sits (its conference may since have been deactivated: it still scopes the track). */
export async function placeOf(track: Pick<TrackTemplateItem, 'conferenceId'>): Promise<TrackPlace> {
  if (isSystemTrack(track.conferenceId)) return SYSTEM_PLACE;
  const conference = await getLocationOfKind(track.conferenceId, 'Conference');
  return { conferenceId: track.conferenceId, conferenceName: conference?.name ?? null, ancestorIds: conference?.ancestorIds ?? [track.conferenceId] };
}

/** Whether the caller may act on track designs at this place (SPEC.md section 6: system tracks are the superadmin's to change). */
export function mayActAt(auth: TrackCaller, action: Action, place: TrackPlace): boolean {
  const allowed = auth.ability.can(action, scoped('TrackTemplate', { ancestorIds: place.ancestorIds }));
  if (action === 'read') return allowed;
  return canEditTrackTemplate({ roles: auth.roles, track: { conferenceId: isSystemTrack(place.conferenceId) ? null : place.conferenceId }, mayUpdateTrackTemplate: allowed });
}

export interface LoadedTrack {
  track: TrackTemplateItem;
  place: TrackPlace;
}

export const TRACK_DELETING_MESSAGE = 'This track is being deleted.';

export const isTrackOpen = (track: Pick<TrackTemplateItem, 'status'>) => track.status !== 'deleting';

/**
 * The one 'deleting' rule (docs/data-model.md): a track marked for deletion is gone for
 * readers (404) and refuses every write, copy, import and enrolment (409). Callers check the
 * scope first, so someone out of reach learns nothing about it.
 */
export function assertTrackOpen(track: Pick<TrackTemplateItem, 'status'>, action: Action): void {
  if (isTrackOpen(track)) return;
  throw action === 'read' ? new NotFoundError(TRACK_DELETING_MESSAGE) : new ConflictError(TRACK_DELETING_MESSAGE);
}

/** A track the caller may act on this way: 404 when missing, 403 when out of reach, then the 'deleting' rule. */
export async function requireTrack(auth: TrackCaller, trackTemplateId: string, action: Action): Promise<LoadedTrack> {
  const track = await getTrackTemplate(trackTemplateId);
  if (!track) throw new NotFoundError('Track not found.');
  const place = await placeOf(track);
  if (!mayActAt(auth, action, place)) throw new ForbiddenError();
  assertTrackOpen(track, action);
  return { track, place };
}
