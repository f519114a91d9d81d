import type { TrackInput, TrackTemplateView } from '../../../shared/schemas/track';
import { newId } from '../../db/ids';
import { newJob } from '../../db/jobs';
import { retryOnStale, transact, type TransactionItem } from '../../db/transact';
import { ifVersion, StaleVersionError } from '../../db/versioned';
import { ForbiddenError, HttpError } from '../../lib/errors';
import { areaOf, mayActAt, placeNamed, requireTrack, type TrackPlace, type TrackWriter } from './track-scope';
import { statusOf, type TrackTemplateItem } from './track-store';
import { toTrackView } from './track-view';
import { areaGuard } from './track-area';
import { trackEntry } from '../records/design-records';
import { fieldChange, recordChanges } from '../records/audit-write';

/** SPEC.md section 8. */
export const CONFERENCE_LOCKED_MESSAGE = 'Cannot change conference unless all copies of this track are removed';
export const TRACK_IN_USE_MESSAGE = 'This track has participants enrolled: deactivate it instead.';
/**
 * Ours, beside SPEC's copies rule: each enrolment holds its track's conference (who administers it,
 * which lists hold it), so a track with enrolments keeps its conference rather than leave them behind.
 */
export const CONFERENCE_ENROLLED_MESSAGE = 'Cannot change conference while participants are enrolled in this track';

/** Create Track: a conference the caller may create tracks in ('0': system tracks, superadmins only). */
export async function createTrack(auth: TrackWriter, input: TrackInput): Promise<TrackTemplateView> {
  const [track] = await createTracks(auth, [input]);
  return track;
}

/**
 * Several new tracks in one transaction (POST /track/bulk, at most BULK_MAX): each with Create
 * Track's rules, all or none (one place the caller may not create in refuses the lot).
 */
export async function createTracks(auth: TrackWriter, inputs: TrackInput[]): Promise<TrackTemplateView[]> {
  // A conference moved meanwhile (the area guard): read its place again, with its new area.
  return retryOnStale(() => writeNewTracks(auth, inputs), 3);
}

async function writeNewTracks(auth: TrackWriter, inputs: TrackInput[]): Promise<TrackTemplateView[]> {
  const places = new Map<string, TrackPlace>();
  for (const conferenceId of new Set(inputs.map((input) => input.conferenceId))) {
    const place = await placeNamed(conferenceId);
    if (!mayActAt(auth, 'create', place)) throw new ForbiddenError();
    places.set(conferenceId, place);
  }
  const createdAt = new Date().toISOString();
  const made = inputs.map((input) => {
    const place = places.get(input.conferenceId)!;
    const item = {
      trackTemplateId: newId(),
      name: input.name.trim(),
      description: input.description.trim(),
      conferenceId: place.conferenceId,
      episcopalAreaId: areaOf(place),
      disabled: false,
      status: statusOf(false),
      instanceCount: 0,
      copyCount: 0,
      createdAt,
      version: 1,
    };
    return { item, place };
  });
  await transact([
    ...made.flatMap(({ item, place }): TransactionItem[] => [
      (tx) => tx.trackTemplate.create(item).commit(),
      trackEntry(auth, item, place, 'track.created', 'created', [...fieldChange('name', undefined, item.name), ...fieldChange('description', undefined, item.description), ...fieldChange('conference', undefined, place.conferenceName)]),
    ]),
    ...[...places.values()].flatMap((place) => areaGuard(place, () => new StaleVersionError())),
  ]);
  return made.map(({ item, place }) => toTrackView(item as TrackTemplateItem, place.conferenceName));
}

export interface TrackChanges {
  version: number;
  name?: string;
  description?: string;
  conferenceId?: string;
  reminderDays?: number;
  escalationDays?: number;
}

/** Track edit: name, description, conference (not while copies or enrolments exist), reminder periods, on the version the client read. */
export async function updateTrack(auth: TrackWriter, trackTemplateId: string, changes: TrackChanges): Promise<TrackTemplateView> {
  const { track, place } = await requireTrack(auth, trackTemplateId, 'update');
  if (track.version !== changes.version) throw new StaleVersionError(undefined, track.version);
  let newPlace = place;
  if (changes.conferenceId !== undefined) {
    newPlace = await placeNamed(changes.conferenceId);
    if (newPlace.conferenceId !== track.conferenceId) {
      if (track.copyCount > 0) throw new HttpError(422, CONFERENCE_LOCKED_MESSAGE);
      if (track.instanceCount > 0) throw new HttpError(422, CONFERENCE_ENROLLED_MESSAGE);
      if (!mayActAt(auth, 'create', newPlace)) throw new ForbiddenError();
    }
  }
  const set = {
    name: changes.name?.trim() ?? track.name,
    description: changes.description?.trim() ?? track.description,
    conferenceId: newPlace.conferenceId,
    status: statusOf(track.disabled),
    ...(changes.reminderDays !== undefined ? { reminderDays: changes.reminderDays } : {}),
    ...(changes.escalationDays !== undefined ? { escalationDays: changes.escalationDays } : {}),
    updatedAt: new Date().toISOString(),
  };
  const moves = newPlace.conferenceId !== track.conferenceId;
  const audited = [
    ...recordChanges(track, set, ['name', 'description', 'reminderDays', 'escalationDays']),
    ...fieldChange('conference', place.conferenceName, newPlace.conferenceName),
  ];
  await transact([
    {
      write: (tx) =>
        tx.trackTemplate
          .patch({ trackTemplateId })
          // A move takes the new conference's area (guarded below); otherwise the area stays as the move job keeps it.
          .set(moves ? { ...set, episcopalAreaId: areaOf(newPlace) } : set)
          .add({ version: 1 })
          // A copy or an enrolment made meanwhile locks the conference: the move is refused as stale and re-read.
          .where((attributes, operations) => `${ifVersion(changes.version)(attributes, operations)}${moves ? ` AND ${operations.eq(attributes.copyCount, 0)} AND ${operations.eq(attributes.instanceCount, 0)}` : ''}`)
          .commit(),
      onConditionFailed: () => new StaleVersionError(),
    },
    ...(moves ? areaGuard(newPlace, () => new StaleVersionError()) : []),
    ...(audited.length ? [trackEntry(auth, { trackTemplateId, name: set.name }, newPlace, 'track.updated', 'details', audited)] : []),
  ]);
  return toTrackView({ ...track, ...set, version: track.version + 1 }, newPlace.conferenceName);
}

/** Deactivate (or reactivate): an edit of the status; a track already in that state is answered unchanged, nothing written. */
export async function setTrackDisabled(auth: TrackWriter, trackTemplateId: string, disabled: boolean): Promise<TrackTemplateView> {
  return retryOnStale(async () => {
    const { track, place } = await requireTrack(auth, trackTemplateId, 'deactivate');
    if (track.disabled === disabled) return toTrackView(track, place.conferenceName);
    const set = { disabled, status: statusOf(disabled), name: track.name, updatedAt: new Date().toISOString() };
    await transact([
      (tx) => tx.trackTemplate.patch({ trackTemplateId }).set(set).add({ version: 1 }).where(ifVersion(track.version)).commit(),
      trackEntry(auth, track, place, disabled ? 'track.deactivated' : 'track.reactivated', 'activation', fieldChange('status', track.status, set.status)),
    ]);
    return toTrackView({ ...track, ...set, version: track.version + 1 }, place.conferenceName);
  }, 3);
}

/** What the track delete job reads (functions/core/jobs/track-delete-job.ts). */
export interface TrackDeleteInput {
  trackTemplateId: string;
}

/**
 * Delete Track: only while nobody is enrolled. One transaction marks the template 'deleting'
 * (on the version read, still without enrolments: it leaves every list and refuses every
 * write from then on) and enqueues the job that deletes its design and then the template
 * (functions/core/jobs/track-delete-job.ts). Answers the job's id.
 */
export async function startTrackDelete(auth: TrackWriter, trackTemplateId: string): Promise<{ jobId: string }> {
  return retryOnStale(async () => {
    const { track, place } = await requireTrack(auth, trackTemplateId, 'delete');
    if (track.instanceCount > 0) throw new HttpError(422, TRACK_IN_USE_MESSAGE);
    const input: TrackDeleteInput = { trackTemplateId };
    const job = newJob({ kind: 'track.delete', ownerId: auth.userId, title: `Deleting ${track.name}`, input });
    await transact([
      {
        write: (tx) =>
          tx.trackTemplate
            .patch({ trackTemplateId })
            .set({ status: 'deleting', name: track.name, updatedAt: new Date().toISOString() })
            // The name re-forms the list key the status is part of; outlineVersion moves too: a phase or step write planned before the mark fails its guard.
            .add({ version: 1, outlineVersion: 1 })
            .where((attributes, operations) => `${ifVersion(track.version)(attributes, operations)} AND ${operations.eq(attributes.instanceCount, 0)}`)
            .commit(),
        onConditionFailed: () => new StaleVersionError(),
      },
      job.write,
      // The user's change is the mark; the job then removes what it marked (no entry of its own).
      trackEntry(auth, track, place, 'track.deleted', 'deleted', fieldChange('status', track.status, 'deleting')),
    ]);
    return { jobId: job.jobId };
  }, 3);
}
