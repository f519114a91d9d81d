import { JobFailure, type JobKind } from '../../db/jobs';
import { db } from '../../db/service';
import { retryOnStale, transact, type TransactionItem } from '../../db/transact';
import { HttpError } from '../../lib/errors';
import { deleteDesignChunk } from '../tracks/design-delete';
import { deleteGroupsOfTrack } from '../user-groups/group-removal';
import { phasesOf } from '../tracks/phase-editor';
import { isTrackOpen } from '../tracks/track-scope';
import { getTrackTemplate, readTrackAggregate } from '../tracks/track-store';
import type { TrackDeleteInput } from '../tracks/track-editor';

/** The template is gone: an earlier try of the final step committed. */
class AlreadyDeleted extends HttpError {
  constructor() {
    super(409, 'Already deleted');
  }
}

const finished = (trackTemplateId: string, done: number) => ({ done, finished: true, result: { trackTemplateId } });

/**
 * Delete Track (SPEC.md section 4), started by the route that marked the template 'deleting'
 * (track-editor.ts). Each step deletes what is left, so it needs no cursor and a repeated or
 * resumed step finds only what an earlier one did not delete: a page of contents and actions,
 * then a chunk of steps, then the phases, then the interview groups, then, in one transaction, the template with its
 * origin's copy count (so the count drops exactly once: the template's delete is conditional).
 * Progress counts steps and phases; the first step counts them (one Query of the outline).
 */
export const trackDeleteJob: JobKind<TrackDeleteInput> = {
  async step(job) {
    const { trackTemplateId } = job.input;
    const track = await getTrackTemplate(trackTemplateId);
    // Gone: an earlier try of the final step committed, perhaps without saving its progress.
    if (!track) return finished(trackTemplateId, Math.max(0, (job.total ?? 0) - job.done));
    if (isTrackOpen(track)) throw new JobFailure('The track is not marked for deletion.');
    // The first step only counts (one Query), so a crash cannot make the whole smaller.
    const total = job.total ?? undefined;
    if (total === undefined) {
      const outline = await readTrackAggregate(trackTemplateId);
      return { done: 0, total: (outline?.steps.length ?? 0) + (outline?.phases.length ?? 0), cursor: 'counted' };
    }
    // Parts first (pages of the whole track's contents and actions), then steps; progress counts steps.
    const chunk = await deleteDesignChunk(trackTemplateId);
    if (chunk.parts || chunk.steps) return { done: chunk.steps, total, cursor: chunk.steps ? 'steps' : 'parts' };
    const phases = await phasesOf(trackTemplateId);
    if (phases.length) {
      await db().entities.phaseTemplate.delete(phases.map((phase) => ({ trackTemplateId, phaseId: phase.phaseId }))).go();
      return { done: phases.length, total, cursor: 'phases' };
    }
    // The track's interview groups with their members (not counted: the bar counts the design).
    if (await deleteGroupsOfTrack(trackTemplateId)) return { done: 0, total, cursor: 'groups' };
    try {
      await retryOnStale(async () => {
        const current = await getTrackTemplate(trackTemplateId);
        if (!current) throw new AlreadyDeleted();
        // The origin may have gone meanwhile (its own delete): then there is no count to lower.
        const origin = current.originTrackTemplateId ? await getTrackTemplate(current.originTrackTemplateId) : null;
        const final: TransactionItem[] = [
          {
            write: (tx) =>
              tx.trackTemplate
                .delete({ trackTemplateId })
                // Fails only when the template is gone: nothing takes a track out of 'deleting'.
                .where((attributes, operations) => operations.eq(attributes.status, 'deleting'))
                .commit(),
            onConditionFailed: () => new AlreadyDeleted(),
          },
          ...(origin ? [(tx) => tx.trackTemplate.patch({ trackTemplateId: origin.trackTemplateId }).add({ copyCount: -1 }).commit()] as TransactionItem[] : []),
        ];
        await transact(final);
      }, 3);
    } catch (error) {
      if (!(error instanceof AlreadyDeleted)) throw error;
    }
    // The bar ends full even when a resumed step's work was counted by no one.
    return finished(trackTemplateId, Math.max(0, total - job.done));
  },
};
