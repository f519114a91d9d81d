import type { TrackOutline } from '../../../shared/schemas/track';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { assertTrackOpen, mayActAt, placeOf, type TrackCaller } from './track-scope';
import { inDependencyOrder } from '../../../shared/tracks/step-order';
import { readTrackAggregate } from './track-store';
import { inDesignOrder, toPhaseView, toStepHeaderView, toTrackView } from './track-view';

/** `GET track-template/{id}`: the editor's outline, phases by order with their step headers in dependency order (ties in design order). */
export async function readOutline(auth: TrackCaller, trackTemplateId: string): Promise<TrackOutline> {
  // The aggregate first: the template's own read is part of it (one Query, then the conference).
  const aggregate = await readTrackAggregate(trackTemplateId);
  if (!aggregate) throw new NotFoundError('Track not found.');
  const place = await placeOf(aggregate.track);
  if (!mayActAt(auth, 'read', place)) throw new ForbiddenError();
  assertTrackOpen(aggregate.track, 'read');
  const phases = [...aggregate.phases].sort((a, b) => a.order - b.order);
  return {
    ...toTrackView(aggregate.track, place.conferenceName),
    phases: phases.map((phase) => ({
      ...toPhaseView(phase),
      steps: inDependencyOrder(inDesignOrder(aggregate.steps.filter((step) => step.phaseId === phase.phaseId)).map(toStepHeaderView)),
    })),
    canEdit: mayActAt(auth, 'update', place),
  };
}
