import type { JobKind } from '../../db/jobs';
import { HttpError } from '../../lib/errors';
import { cleanupMessage, cleanUpFailedCopy, copiedId, copyStepChunk, isCleaningUp, readSource, type CopyJob } from '../tracks/design-copy';
import { finishTrackCopy } from '../tracks/track-copy-finish';
import { isSystemTrack, isTrackOpen } from '../tracks/track-scope';
import type { TrackCopyInput } from '../tracks/track-copy';
import { jobActor } from '../records/design-records';

export const SOURCE_GONE_MESSAGE = 'The track to copy no longer exists.';

/** The new track's id: derived from the job, so every try of the final step names the same track. */
export const copyTrackId = (job: CopyJob & { input: TrackCopyInput }) => copiedId(job, job.input.sourceTrackTemplateId);

/**
 * Copy from Existing and Import from Existing: a track's phases, steps, contents and actions
 * become a new track of `conferenceId`. Steps go in chunks (design-copy.ts); the last step
 * writes the phases, the template and the origin's copy count in one transaction
 * (track-copy-finish.ts), so the copy is hidden (not listed, not readable) until it is complete,
 * and the count moves exactly once. A copy that cannot complete (its source gone) removes the
 * steps it wrote, then fails.
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

    const spec = {
      name: job.input.name,
      description: job.input.description,
      conferenceId: job.input.conferenceId,
      action: isSystemTrack(source.track.conferenceId) ? 'track.copied' : 'track.imported',
      linked: true,
      sourceGone: SOURCE_GONE_MESSAGE,
    };
    try {
      // The conference moved meanwhile: the final step again, with its new area.
      if ((await finishTrackCopy(job, source, await jobActor(job), spec)) === 'moved') return { done: 0, total, cursor: job.cursor as string | undefined };
    } catch (error) {
      // Nothing of the final transaction was written: the steps copied so far go, then the job fails.
      if (error instanceof HttpError) return cleanUpFailedCopy(trackTemplateId, error.message);
      throw error;
    }
    return { done: 1, total, finished: true, result: { trackTemplateId } };
  },
};
