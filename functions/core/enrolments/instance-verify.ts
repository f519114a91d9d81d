import { packTransactions, retryOnStale, transact, TRANSACTION_MAX_ITEMS } from '../../db/transact';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { readTrackAggregate } from '../tracks/track-store';
import { INSTANCE_NOT_FOUND, instanceRights, NO_TRACK_ACCESS, type InstanceCaller } from './instance-access';
import { stepInstanceWrites } from './instance-items';
import { missingStepTemplates, readInstanceSummary } from './instance-read';
import { partsFor } from './template-parts';
import { rolesGuard, rolesVersionOf } from './roles-guard';
import { loadUserAggregate } from '../../db/access/user-aggregate';

/** Steps created per call at most; the page calls again while its read still reports missing steps. */
export const VERIFY_STEPS_MAX = 200;

/**
 * `GET track/verify-step-instances/{id}`: creates the instances of active step templates added
 * since enrolment, each with its content, form and action instances in one transaction. Ids are
 * derived from the instance and the template, and every item is created only if absent, so two
 * calls at once (or a repeat) never make a step twice nor reset one a participant has started:
 * a call that lost such a race reads again and finds nothing left to do.
 */
export async function verifyStepInstances(auth: InstanceCaller, trackInstanceId: string): Promise<{ created: number }> {
  return retryOnStale(async () => {
    const summary = await readInstanceSummary(trackInstanceId);
    if (!summary) throw new NotFoundError(INSTANCE_NOT_FOUND);
    const { instance } = summary;
    const rights = instanceRights(auth, instance, await loadUserAggregate(instance.participantId));
    if (!rights.canAccess) throw new ForbiddenError(NO_TRACK_ACCESS);
    const outline = await readTrackAggregate(instance.trackTemplateId);
    if (!outline) return { created: 0 };
    const missing = missingStepTemplates(outline, summary.steps).slice(0, VERIFY_STEPS_MAX);
    if (!missing.length) return { created: 0 };
    const activeIds = new Set(outline.steps.filter((step) => !step.inactive).map((step) => step.stepTemplateId));
    const completedIds = new Set(summary.steps.filter((step) => step.status === 'Completed').map((step) => step.stepTemplateId));
    const parts = await partsFor(outline, missing);
    const now = new Date().toISOString();
    const groups = missing.map((step) => {
      const writes = stepInstanceWrites(instance, step, parts, { activeIds, completedIds, now, mode: 'create' });
      return [...writes.writes, ...writes.formWrites];
    });
    // Each transaction holds while no step's roles moved since the outline was read (roles-guard.ts); else all is read again.
    const guard = rolesGuard(instance.trackTemplateId, rolesVersionOf(outline.track));
    for (const items of packTransactions(groups, TRANSACTION_MAX_ITEMS - 1)) await transact([...items, guard]);
    return { created: missing.length };
  });
}
