import type { TransactionItem } from '../../db/transact';
import { readTrackAggregate, type TrackAggregate } from '../tracks/track-store';
import { stepPartsWrites } from '../enrolments/instance-items';
import { readStepDesign, type StepInstanceItem, type TrackInstanceItem } from '../enrolments/step-instance-store';
import { partsFor } from '../enrolments/template-parts';

/**
 * What a locked step enrolled without its parts (`partsPending`) needs when it opens: its
 * content, action and form instances, created (never overwritten) in the same transaction as
 * the status write that opens it (`statusWrite` removes the mark on the step's version). Steps
 * without the mark already have their parts: nothing to write. Each opening step's design is
 * one Query of its `stepTemplateView`; the forms one BatchGet.
 */
export async function openingWrites(instance: TrackInstanceItem, steps: readonly StepInstanceItem[], now: string, outline?: TrackAggregate | null): Promise<TransactionItem[]> {
  const pending = steps.filter((step) => step.partsPending);
  if (!pending.length) return [];
  const [track, designs] = await Promise.all([outline ?? readTrackAggregate(instance.trackTemplateId), Promise.all(pending.map((step) => readStepDesign(step.stepTemplateId)))]);
  if (!track) return [];
  const parts = await partsFor(
    track,
    designs.map((design) => design.step),
    { contents: designs.flatMap((design) => design.contents), actions: designs.flatMap((design) => design.actions) },
  );
  return designs.flatMap((design) => {
    const writes = stepPartsWrites(instance, design.step, parts, now, 'create');
    return [...writes.writes, ...writes.formWrites];
  });
}
