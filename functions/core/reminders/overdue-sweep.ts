import type { EntityItem } from 'electrodb';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { overdueStatus } from '../../../shared/tracks/step-status';
import type { stepInstance } from '../../db/entities/step-instance';
import type { trackInstance } from '../../db/entities/track-instance';
import { db } from '../../db/service';
import { batchGet, transact } from '../../db/transact';
import { ifVersion, StaleVersionError } from '../../db/versioned';
import { log } from '../../lib/log';
import type { StepItem } from '../tracks/track-store';
import { eventWrites, stepInstanceLink } from '../outbox/instance-events';
import { DUE_BUCKETS, DUE_INDEX_FIELDS } from '../step-indexes/step-due';
import { reminderFields } from '../step-indexes/reminder-index';

type StepInstanceItem = EntityItem<typeof stepInstance>;
type TrackInstanceItem = EntityItem<typeof trackInstance>;

/** Per bucket and run: at most DUE_BUCKETS x this many steps (each one transaction); the rest wait for the next run. */
export const OVERDUE_PER_BUCKET = 25;

const ADVISOR_ROLE_ID = systemRoleByName('Advisor').id;

export const overdueMessage = (stepName: string, trackName: string) => `${stepName} in ${trackName} is overdue.`;

/** The steps due before `now`: one Query per bucket of the sparse `byDue` index, oldest first. */
async function lateSteps(now: string, perBucket: number): Promise<StepInstanceItem[]> {
  const buckets = Array.from({ length: DUE_BUCKETS }, (_, bucket) => String(bucket));
  const pages = await Promise.all(buckets.map((dueBucket) => db().entities.stepInstance.query.byDue({ dueBucket }).lte({ dueIndexAt: now }).go({ limit: perBucket })));
  return pages.flatMap((page) => page.data);
}

const unique = <T>(items: T[], keyOf: (item: T) => string): T[] => [...new Map(items.map((item) => [keyOf(item), item])).values()];

/** An entry a writer left behind (the step moved on, or its track is no longer open): its index keys go, nothing else changes. */
async function dropIndexEntry(step: StepInstanceItem): Promise<void> {
  await transact([(tx) => tx.stepInstance.patch({ trackInstanceId: step.trackInstanceId, stepInstanceId: step.stepInstanceId }).remove([...DUE_INDEX_FIELDS]).where(ifVersion(step.version)).commit()]);
}

/** Marks one late step Overdue on the version read, with the bell for the participant and the advisors, in one transaction. */
async function markOverdue(step: StepInstanceItem, instance: TrackInstanceItem, stepName: string): Promise<void> {
  const advisors = instance.assignees.filter((assignee) => assignee.roleId === ADVISOR_ROLE_ID).map((assignee) => assignee.userId);
  await transact([
    (tx) =>
      tx.stepInstance
        .patch({ trackInstanceId: step.trackInstanceId, stepInstanceId: step.stepInstanceId })
        // From now on the escalation digests find it (functions/core/step-indexes/reminder-index.ts).
        .set({ status: 'Overdue', ...reminderFields('Overdue', step.dueIndexAt!, step.dueAt ?? step.dueIndexAt) })
        .remove([...DUE_INDEX_FIELDS, 'remindedAt'])
        .add({ version: 1 })
        .where(ifVersion(step.version))
        .commit(),
    ...eventWrites({ recipientIds: [step.participantId, ...advisors], message: overdueMessage(stepName, instance.trackName), link: stepInstanceLink(step.stepInstanceId) }),
  ]);
}

/**
 * The scheduled Overdue sweep (SPEC.md section 4, issue 12): steps whose due time has passed
 * move from Ready or Resubmit to Overdue through the state machine. Each write is conditioned
 * on the version read (the index is eventually consistent: a step changed meanwhile fails the
 * condition and is looked at again next run) and removes the step from the index, so a step
 * becomes Overdue once and its people hear of it once however often the sweep runs.
 * Returns how many steps became Overdue.
 */
export async function sweepOverdueSteps(now = new Date().toISOString(), perBucket = OVERDUE_PER_BUCKET): Promise<number> {
  const late = await lateSteps(now, perBucket);
  if (late.length === 0) return 0;
  const [instances, templates] = await Promise.all([
    batchGet<TrackInstanceItem>(db().entities.trackInstance, unique(late, (step) => step.trackInstanceId).map(({ trackInstanceId }) => ({ trackInstanceId }))),
    batchGet<StepItem>(
      db().entities.stepTemplate,
      unique(late, (step) => step.stepTemplateId).map(({ trackTemplateId, phaseId, stepTemplateId }) => ({ trackTemplateId, phaseId, stepTemplateId })),
    ),
  ]);
  const instanceById = new Map(instances.map((instance) => [instance.trackInstanceId, instance]));
  const nameById = new Map(templates.map((template) => [template.stepTemplateId, template.name]));

  let marked = 0;
  for (const step of late) {
    const instance = instanceById.get(step.trackInstanceId);
    try {
      if (!overdueStatus(step.status) || instance?.status !== 'Open') await dropIndexEntry(step);
      else {
        await markOverdue(step, instance, nameById.get(step.stepTemplateId) ?? 'A step');
        marked++;
      }
    } catch (error) {
      if (!(error instanceof StaleVersionError)) throw error;
      log('info', 'overdue sweep: step changed meanwhile, next run looks again', { stepInstanceId: step.stepInstanceId });
    }
  }
  return marked;
}
