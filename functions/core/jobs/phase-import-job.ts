import type { JobKind } from '../../db/jobs';
import { retryOnStale, transact } from '../../db/transact';
import { HttpError } from '../../lib/errors';
import { cleanupMessage, cleanUpFailedCopy, copiedId, copyStepChunk, isCleaningUp, phaseCopy, readSource } from '../tracks/design-copy';
import { outlineGuard, phasesOf } from '../tracks/phase-editor';
import { getTrackTemplate } from '../tracks/track-store';
import { isTrackOpen, placeOf } from '../tracks/track-scope';
import { jobActor, trackEntry } from '../records/design-records';
import type { PhaseImportInput } from '../tracks/track-copy';

export const SOURCE_PHASE_GONE_MESSAGE = 'The phase to import no longer exists.';
export const TARGET_GONE_MESSAGE = 'The track to import into no longer exists.';

class AlreadyImported extends HttpError {
  constructor() {
    super(409, 'Already imported');
  }
}

class TargetGone extends Error {}

/**
 * Phase import: a phase of another track, with its steps, contents and actions, becomes the
 * last phase of the target track. Steps go first, in chunks (design-copy.ts); the phase itself
 * last, with the target's phase-list guard, so the import shows only once it is complete.
 */
export const phaseImportJob: JobKind<PhaseImportInput> = {
  async step(job) {
    const { sourceTrackTemplateId, phaseId, targetTrackTemplateId } = job.input;
    // The imported phase's steps, written before the phase itself, go when the import cannot complete.
    const cleanUp = (message: string) => cleanUpFailedCopy(targetTrackTemplateId, message, copiedId(job, phaseId));
    if (isCleaningUp(job.cursor)) return cleanUp(cleanupMessage(job.cursor));
    const source = await readSource(sourceTrackTemplateId, phaseId);
    const phase = source?.phases[0];
    if (!source || !phase || !isTrackOpen(source.track)) return cleanUp(SOURCE_PHASE_GONE_MESSAGE);
    const total = source.steps.length + 1;
    const chunk = await copyStepChunk(job, source, targetTrackTemplateId, job.cursor as string | undefined);
    if (chunk.copied) return { done: chunk.copied, total, cursor: chunk.last };

    const result = { phaseId: copiedId(job, phase.phaseId), trackTemplateId: targetTrackTemplateId };
    const actor = await jobActor(job);
    try {
      await retryOnStale(async () => {
        const target = await getTrackTemplate(targetTrackTemplateId);
        if (!target || !isTrackOpen(target)) throw new TargetGone();
        const [phases, place] = await Promise.all([phasesOf(targetTrackTemplateId), placeOf(target)]);
        await transact([
          { write: (tx) => tx.phaseTemplate.create(phaseCopy(job, phase, targetTrackTemplateId, phases.length + 1)).commit(), onConditionFailed: () => new AlreadyImported() },
          outlineGuard(target),
          // In the phase's transaction: a repeated step that finds it imported writes no second entry.
          trackEntry(actor, target, place, 'phase.imported', 'phases', [
            { field: 'phase', after: phase.name },
            { field: `${phase.name}: imported from`, after: source.track.name },
          ]),
        ]);
      });
    } catch (error) {
      if (error instanceof TargetGone) return cleanUp(TARGET_GONE_MESSAGE);
      // An earlier try of this step committed the phase: the import is complete.
      if (!(error instanceof AlreadyImported)) throw error;
    }
    return { done: 1, total, finished: true, result };
  },
};
