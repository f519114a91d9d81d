import { STEP_PARTS_MAX } from '../../../shared/api/limits';
import { db } from '../../db/service';
import { transact } from '../../db/transact';
import { releaseWrites, stepAttachmentKeys } from './step-attachments';

/** Steps per chunk of a delete (with 4 parts each: 500 deletes, a few seconds at most). */
export const STEPS_PER_DELETE = 100;

/** Contents or actions per page of a whole track's parts pass (BatchWrites of 25: 40 requests a kind). */
export const PARTS_PER_DELETE = 1000;

/** What one call deleted: 0 steps and 0 parts means nothing is left. */
export interface DeletedChunk {
  steps: number;
  parts: number;
}

/**
 * Deletes the next chunk of a track's design and says what went. A whole track goes parts
 * first: a page of its contents and actions per call, read as one range of the track's
 * `trackTemplateDetail` (no read per step), then its steps 100 at a time. One phase's steps
 * (a failed phase import) go 100 at a time with their own parts, read per step, since the
 * phase's parts are not one range. Parts before steps, so a crash in between leaves steps
 * whose parts a later try still finds; deletes only, so a repeated chunk is harmless. A step
 * with attachments goes in a transaction of its own with its files' references and their
 * releases (outbox `releaseFile`), so a file is released exactly when its step is gone. Used
 * by the track delete job and by a failed copy removing what it wrote.
 */
export async function deleteDesignChunk(trackTemplateId: string, phaseId?: string): Promise<DeletedChunk> {
  if (!phaseId) {
    const parts = await deleteTrackParts(trackTemplateId);
    if (parts) return { steps: 0, parts };
  }
  const range = phaseId ? { trackTemplateId, phaseId } : { trackTemplateId };
  const { data: steps } = await db().entities.stepTemplate.query.byTrack(range).go({ limit: STEPS_PER_DELETE, consistent: true, attributes: ['trackTemplateId', 'phaseId', 'stepTemplateId', 'attachments'] });
  if (!steps.length) return { steps: 0, parts: 0 };
  const parts = phaseId ? await deletePartsOfSteps(trackTemplateId, steps.map((step) => step.stepTemplateId)) : 0;
  const key = (step: (typeof steps)[number]) => ({ trackTemplateId, phaseId: step.phaseId, stepTemplateId: step.stepTemplateId });
  const plain = steps.filter((step) => !stepAttachmentKeys(step).length);
  if (plain.length) await db().entities.stepTemplate.delete(plain.map(key)).go();
  for (const step of steps.filter((s) => stepAttachmentKeys(s).length)) {
    await transact([(tx) => tx.stepTemplate.delete(key(step)).commit(), ...releaseWrites(key(step), stepAttachmentKeys(step))]);
  }
  return { steps: steps.length, parts };
}

/** A page of a whole track's contents and of its actions, deleted; how many went. */
async function deleteTrackParts(trackTemplateId: string): Promise<number> {
  const options = { limit: PARTS_PER_DELETE, consistent: true } as const;
  const [contents, actions] = await Promise.all([
    db().entities.stepContentTemplate.query.byTrack({ trackTemplateId }).go({ ...options, attributes: ['trackTemplateId', 'stepTemplateId', 'contentTemplateId'] }),
    db().entities.stepActionTemplate.query.byTrack({ trackTemplateId }).go({ ...options, attributes: ['trackTemplateId', 'stepTemplateId', 'actionTemplateId'] }),
  ]);
  if (contents.data.length) await db().entities.stepContentTemplate.delete(contents.data).go();
  if (actions.data.length) await db().entities.stepActionTemplate.delete(actions.data).go();
  return contents.data.length + actions.data.length;
}

/** The contents and actions of some steps (a Query of each kind per step), deleted; how many went. */
async function deletePartsOfSteps(trackTemplateId: string, stepTemplateIds: string[]): Promise<number> {
  const parts = await Promise.all(
    stepTemplateIds.map(async (stepTemplateId) => {
      const owner = { trackTemplateId, stepTemplateId };
      const [contents, actions] = await Promise.all([
        db().entities.stepContentTemplate.query.byTrack(owner).go({ limit: STEP_PARTS_MAX, consistent: true, attributes: ['contentTemplateId'] }),
        db().entities.stepActionTemplate.query.byTrack(owner).go({ limit: STEP_PARTS_MAX, consistent: true, attributes: ['actionTemplateId'] }),
      ]);
      return { owner, contents: contents.data, actions: actions.data };
    }),
  );
  const contentKeys = parts.flatMap(({ owner, contents }) => contents.map((c) => ({ ...owner, contentTemplateId: c.contentTemplateId })));
  const actionKeys = parts.flatMap(({ owner, actions }) => actions.map((a) => ({ ...owner, actionTemplateId: a.actionTemplateId })));
  if (contentKeys.length) await db().entities.stepContentTemplate.delete(contentKeys).go();
  if (actionKeys.length) await db().entities.stepActionTemplate.delete(actionKeys).go();
  return contentKeys.length + actionKeys.length;
}
