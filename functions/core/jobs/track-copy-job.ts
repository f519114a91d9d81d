import type { JobKind } from '../../db/jobs';
import { transact, type TransactionItem } from '../../db/transact';
import { HttpError } from '../../lib/errors';
import { cleanupMessage, cleanUpFailedCopy, copiedId, copyStepChunk, isCleaningUp, phaseCopy, readSource, type CopyJob } from '../tracks/design-copy';
import { statusOf } from '../tracks/track-store';
import { areaOf, isTrackOpen, placeOf } from '../tracks/track-scope';
import { areaGuard, ConferenceMoved } from '../tracks/track-area';
import type { TrackCopyInput } from '../tracks/track-copy';
import { isSystemTrack } from '../tracks/track-scope';
import { fieldChange } from '../records/audit-write';
import { jobActor, trackEntry } from '../records/design-records';

export const SOURCE_GONE_MESSAGE = 'The track to copy no longer exists.';

/** The copy's template already exists: an earlier try of the final step committed. */
class AlreadyCopied extends HttpError {
  constructor() {
    super(409, 'Already copied');
  }
}

/** The new track's id: derived from the job, so every try of the final step names the same track. */
export const copyTrackId = (job: CopyJob & { input: TrackCopyInput }) => copiedId(job, job.input.sourceTrackTemplateId);

/**
 * Copy from Existing and Import from Existing: a track's phases, steps, contents and actions
 * become a new track of `conferenceId`. Steps go in chunks (design-copy.ts); the last step
 * writes the phases, the template and the origin's copy count in one transaction, so the copy
 * is hidden (not listed, not readable) until it is complete, and the count moves exactly once.
 * A copy that cannot complete (its source gone) removes the steps it wrote, then fails.
 */
export const trackCopyJob: JobKind<TrackCopyInput> = {
  async step(job) {
    const trackTemplateId = copyTrackId(job);
    if (isCleaningUp(job.cursor)) return cleanUpFailedCopy(trackTemplateId, cleanupMessage(job.cursor));
    const source = await readSource(job.input.sourceTrackTemplateId);
    if (!source || !isTrackOpen(source.track)) return cleanUpFailedCopy(trackTemplateId, SOURCE_GONE_MESSAGE);
    const total = source.steps.length + 1;
    const chunk = await copyStepChunk(job, source, trackTemplateId, job.cursor as string | undefined);
    if (chunk.copied) return { done: chunk.copied, total, cursor: chunk.last };

    const [place, actor] = await Promise.all([placeOf({ conferenceId: job.input.conferenceId }), jobActor(job)]);
    const template = {
      trackTemplateId,
      name: job.input.name,
      description: job.input.description,
      conferenceId: job.input.conferenceId,
      // The conference's area as it is now, guarded below (a move since the job began is then followed).
      episcopalAreaId: areaOf(place),
      disabled: false,
      status: statusOf(false),
      originTrackTemplateId: source.track.trackTemplateId,
      ...(source.track.roles ? { roles: source.track.roles } : {}),
      // A copy keeps its source's reminder periods (absent: the defaults).
      ...(source.track.reminderDays ? { reminderDays: source.track.reminderDays } : {}),
      ...(source.track.escalationDays ? { escalationDays: source.track.escalationDays } : {}),
      instanceCount: 0,
      copyCount: 0,
      outlineVersion: 0,
      version: 1,
      createdAt: job.createdAt,
    };
    const final: TransactionItem[] = [
      { write: (tx) => tx.trackTemplate.create(template).commit(), onConditionFailed: () => new AlreadyCopied() },
      ...areaGuard(place),
      // The new track's first entry, by the job for its starter, naming its source (the same transaction: written once).
      trackEntry(actor, template, place, isSystemTrack(source.track.conferenceId) ? 'track.copied' : 'track.imported', 'created', [
        ...fieldChange('name', undefined, template.name),
        ...fieldChange('description', undefined, template.description),
        ...fieldChange('conference', undefined, place.conferenceName),
        ...fieldChange('copied from', undefined, source.track.name),
      ]),
      ...source.phases.map((phase): TransactionItem => (tx) => tx.phaseTemplate.put(phaseCopy(job, phase, trackTemplateId)).commit()),
      // The origin's count locks its conference while copies exist (it must still exist).
      // A source marked 'deleting' meanwhile counts as gone (its delete job would not see this copy).
      {
        write: (tx) =>
          tx.trackTemplate
            .patch({ trackTemplateId: source.track.trackTemplateId })
            .add({ copyCount: 1 })
            .where((attributes, operations) => operations.ne(attributes.status, 'deleting'))
            .commit(),
        onConditionFailed: () => new HttpError(404, SOURCE_GONE_MESSAGE),
      },
    ];
    try {
      await transact(final);
    } catch (error) {
      if (error instanceof AlreadyCopied) return { done: 1, total, finished: true, result: { trackTemplateId } };
      // The conference moved meanwhile: the final step again, with its new area.
      if (error instanceof ConferenceMoved) return { done: 0, total, cursor: job.cursor as string | undefined };
      // Nothing of the final transaction was written: the steps copied so far go, then the job fails.
      if (error instanceof HttpError) return cleanUpFailedCopy(trackTemplateId, error.message);
      throw error;
    }
    return { done: 1, total, finished: true, result: { trackTemplateId } };
  },
};
