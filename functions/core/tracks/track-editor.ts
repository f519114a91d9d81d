import { releaseWrites, stepAttachmentKeys } from './step-attachments';
import { TRACK_DETAIL_ITEMS_MAX, TRACK_OUTLINE_ITEMS_MAX } from '../../../shared/api/limits';
import type { TrackInput, TrackTemplateView } from '../../../shared/schemas/track';
import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { retryOnStale, transact, transactInChunks, type TransactionItem } from '../../db/transact';
import { ifVersion, StaleVersionError } from '../../db/versioned';
import { ForbiddenError, HttpError } from '../../lib/errors';
import { mayActAt, placeNamed, requireTrack, type TrackCaller } from './track-scope';
import { getTrackTemplate, statusOf, type TrackTemplateItem } from './track-store';
import { toTrackView } from './track-view';

/** SPEC.md section 8. */
export const CONFERENCE_LOCKED_MESSAGE = 'Cannot change conference unless all copies of this track are removed';
export const TRACK_IN_USE_MESSAGE = 'This track has participants enrolled: deactivate it instead.';

/** Create Track: a conference the caller may create tracks in ('0': system tracks, superadmins only). */
export async function createTrack(auth: TrackCaller, input: TrackInput): Promise<TrackTemplateView> {
  const place = await placeNamed(input.conferenceId);
  if (!mayActAt(auth, 'create', place)) throw new ForbiddenError();
  const item = {
    trackTemplateId: newId(),
    name: input.name.trim(),
    description: input.description.trim(),
    conferenceId: place.conferenceId,
    disabled: false,
    status: statusOf(false),
    instanceCount: 0,
    copyCount: 0,
    createdAt: new Date().toISOString(),
    version: 1,
  };
  await transact([(tx) => tx.trackTemplate.create(item).commit()]);
  return toTrackView(item as TrackTemplateItem, place.conferenceName);
}

export interface TrackChanges {
  version: number;
  name?: string;
  description?: string;
  conferenceId?: string;
}

/** Track edit: name, description, conference (not while copies exist), on the version the client read. */
export async function updateTrack(auth: TrackCaller, trackTemplateId: string, changes: TrackChanges): Promise<TrackTemplateView> {
  const { track, place } = await requireTrack(auth, trackTemplateId, 'update');
  if (track.version !== changes.version) throw new StaleVersionError(undefined, track.version);
  let newPlace = place;
  if (changes.conferenceId !== undefined) {
    newPlace = await placeNamed(changes.conferenceId);
    if (newPlace.conferenceId !== track.conferenceId) {
      if (track.copyCount > 0) throw new HttpError(422, CONFERENCE_LOCKED_MESSAGE);
      if (!mayActAt(auth, 'create', newPlace)) throw new ForbiddenError();
    }
  }
  const set = {
    name: changes.name?.trim() ?? track.name,
    description: changes.description?.trim() ?? track.description,
    conferenceId: newPlace.conferenceId,
    status: statusOf(track.disabled),
    updatedAt: new Date().toISOString(),
  };
  const moves = newPlace.conferenceId !== track.conferenceId;
  await transact([
    {
      write: (tx) =>
        tx.trackTemplate
          .patch({ trackTemplateId })
          .set(set)
          .add({ version: 1 })
          // A copy made meanwhile locks the conference: the move is refused as stale and re-read.
          .where((attributes, operations) => `${ifVersion(changes.version)(attributes, operations)}${moves ? ` AND ${operations.eq(attributes.copyCount, 0)}` : ''}`)
          .commit(),
      onConditionFailed: () => new StaleVersionError(),
    },
  ]);
  return toTrackView({ ...track, ...set, version: track.version + 1 }, newPlace.conferenceName);
}

/** Deactivate (or reactivate): an edit of the status; a track already in that state is answered unchanged, nothing written. */
export async function setTrackDisabled(auth: TrackCaller, trackTemplateId: string, disabled: boolean): Promise<TrackTemplateView> {
  return retryOnStale(async () => {
    const { track, place } = await requireTrack(auth, trackTemplateId, 'deactivate');
    if (track.disabled === disabled) return toTrackView(track, place.conferenceName);
    const set = { disabled, status: statusOf(disabled), name: track.name, updatedAt: new Date().toISOString() };
    await transact([(tx) => tx.trackTemplate.patch({ trackTemplateId }).set(set).add({ version: 1 }).where(ifVersion(track.version)).commit()]);
    return toTrackView({ ...track, ...set, version: track.version + 1 }, place.conferenceName);
  }, 3);
}

/**
 * Delete: only while nobody is enrolled. Phases, steps, contents and actions go first (in
 * transactions of 100, safe to repeat); the template goes last, on condition that it is
 * unchanged and still has no enrolments, together with its origin's copy count.
 */
export async function deleteTrack(auth: TrackCaller, trackTemplateId: string): Promise<void> {
  await retryOnStale(async () => {
    const { track } = await requireTrack(auth, trackTemplateId, 'delete');
    if (track.instanceCount > 0) throw new HttpError(422, TRACK_IN_USE_MESSAGE);
    const final: TransactionItem[] = [
      {
        write: (tx) =>
          tx.trackTemplate
            .delete({ trackTemplateId })
            .where((attributes, operations) => `${ifVersion(track.version)(attributes, operations)} AND ${operations.eq(attributes.instanceCount, 0)}`)
            .commit(),
        onConditionFailed: () => new StaleVersionError(),
      },
    ];
    const origin = track.originTrackTemplateId ? await getTrackTemplate(track.originTrackTemplateId) : null;
    if (origin) final.push((tx) => tx.trackTemplate.patch({ trackTemplateId: origin.trackTemplateId }).add({ copyCount: -1 }).commit());
    await transactInChunks(await designItemDeletes(trackTemplateId), final);
  }, 3);
}

/** Deletes of everything a template holds besides itself: phases, steps (outline), contents and actions (detail). */
async function designItemDeletes(trackTemplateId: string): Promise<TransactionItem[]> {
  const [outline, detail] = await Promise.all([
    db().collections.trackTemplateAggregate({ trackTemplateId }).go({ limit: TRACK_OUTLINE_ITEMS_MAX }),
    db().collections.trackTemplateDetail({ trackTemplateId }).go({ limit: TRACK_DETAIL_ITEMS_MAX }),
  ]);
  return [
    ...outline.data.phaseTemplate.map((p): TransactionItem => (tx) => tx.phaseTemplate.delete({ trackTemplateId, phaseId: p.phaseId }).commit()),
    ...outline.data.stepTemplate.map((s): TransactionItem => (tx) => tx.stepTemplate.delete({ trackTemplateId, phaseId: s.phaseId, stepTemplateId: s.stepTemplateId }).commit()),
    ...detail.data.stepContentTemplate.map((c): TransactionItem => (tx) => tx.stepContentTemplate.delete({ trackTemplateId, stepTemplateId: c.stepTemplateId, contentTemplateId: c.contentTemplateId }).commit()),
    ...detail.data.stepActionTemplate.map((a): TransactionItem => (tx) => tx.stepActionTemplate.delete({ trackTemplateId, stepTemplateId: a.stepTemplateId, actionTemplateId: a.actionTemplateId }).commit()),
    // Last, so they commit with or after their steps' deletes: the release then finds the steps gone.
    ...outline.data.stepTemplate.flatMap((s) => releaseWrites(s, stepAttachmentKeys(s))),
  ];
}
