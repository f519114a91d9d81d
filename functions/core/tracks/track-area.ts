import { db } from '../../db/service';
import { retry, type TransactionItem } from '../../db/transact';
import { ConflictError, type HttpError } from '../../lib/errors';
import { ifVersion, isConditionFailure } from '../../db/versioned';
import { areaOf, isSystemTrack, type TrackPlace } from './track-scope';
import { getTrackTemplate, type TrackTemplateItem } from './track-store';

/** The conference moved to another area between the read and the write: the writer reads it again. */
export class ConferenceMoved extends ConflictError {
  constructor() {
    super('The conference moved meanwhile. Please try again.');
    this.name = 'ConferenceMoved';
  }
}

/**
 * For a write that puts a track in `place` (its `episcopalAreaId` from the place as read): the
 * conference is still under that area when the write commits. Without it, a track written just
 * after the conference moved, and after the move job passed it, would stay in the old area's list.
 */
export function areaGuard(place: TrackPlace, onMoved: () => HttpError = () => new ConferenceMoved()): TransactionItem[] {
  if (isSystemTrack(place.conferenceId)) return [];
  const areaId = areaOf(place);
  return [
    {
      write: (tx) => tx.location.check({ locationId: place.conferenceId }).where((attributes, operations) => operations.eq(attributes.parentId, areaId)).commit(),
      onConditionFailed: onMoved,
    },
  ];
}

/** Tries before giving up on a track that keeps changing (its writers set the area themselves). */
const ATTEMPTS = 3;

/**
 * Puts a track in `episcopalAreaId`'s list, rebuilding all its list keys (gsi3 `byStatus`, gsi4
 * `byArea`) from its own status and name: for the location move job (its conference moved) and
 * the re-index (a track written before those indexes). On the version read, without moving it
 * (the design did not change; an editor's next save stays valid); a write meanwhile is re-read.
 * `episcopalAreaId` is the area of the conference the track was read in: a track since moved to
 * another conference is left alone (its move set its new conference's area). True when it wrote.
 */
export async function setTrackArea(read: TrackTemplateItem, episcopalAreaId: string): Promise<boolean> {
  let track: TrackTemplateItem | null = read;
  // null: lost a race to another write; the track is read again and, while attempts last, tried again.
  const wrote = await retry<boolean | null>(
    async () => {
      if (!track || track.conferenceId !== read.conferenceId || track.episcopalAreaId === episcopalAreaId) return false;
      try {
        await db()
          .entities.trackTemplate.patch({ trackTemplateId: track.trackTemplateId })
          .set({ episcopalAreaId, status: track.status, name: track.name })
          .where(ifVersion(track.version))
          .go();
        return true;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        track = await getTrackTemplate(track.trackTemplateId);
        return null;
      }
    },
    { attempts: ATTEMPTS, again: ({ value }) => value === null },
  );
  return wrote === true;
}
