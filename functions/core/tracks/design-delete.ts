import { STEP_PARTS_MAX } from '../../../shared/api/limits';
import { db } from '../../db/service';
import { transact } from '../../db/transact';
import { releaseWrites, stepAttachmentKeys } from './step-attachments';

/** Steps per chunk of a delete (with 4 parts each: 500 deletes, a few seconds at most). */
export const STEPS_PER_DELETE = 100;

/**
 * Deletes the next chunk of a track's steps (of one phase, when named) with their contents
 * and actions, and answers how many steps went (0: none left). Parts go first, so a crash in
 * between leaves steps whose parts a later try still finds; deletes only, so a repeated chunk
 * is harmless. A step with attachments goes in a transaction of its own with its files'
 * references and their releases (outbox `releaseFile`), so a file is released exactly when
 * its step is gone. Used by the track delete job and by a failed copy removing what it wrote.
 */
export async function deleteStepChunk(trackTemplateId: string, phaseId?: string): Promise<number> {
  const range = phaseId ? { trackTemplateId, phaseId } : { trackTemplateId };
  const { data: steps } = await db().entities.stepTemplate.query.byTrack(range).go({ limit: STEPS_PER_DELETE, consistent: true, attributes: ['trackTemplateId', 'phaseId', 'stepTemplateId', 'attachments'] });
  if (!steps.length) return 0;
  const parts = await Promise.all(
    steps.map(async (step) => {
      const owner = { trackTemplateId, stepTemplateId: step.stepTemplateId };
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
  const key = (step: (typeof steps)[number]) => ({ trackTemplateId, phaseId: step.phaseId, stepTemplateId: step.stepTemplateId });
  const plain = steps.filter((step) => !stepAttachmentKeys(step).length);
  if (plain.length) await db().entities.stepTemplate.delete(plain.map(key)).go();
  for (const step of steps.filter((s) => stepAttachmentKeys(s).length)) {
    await transact([(tx) => tx.stepTemplate.delete(key(step)).commit(), ...releaseWrites(key(step), stepAttachmentKeys(step))]);
  }
  return steps.length;
}
