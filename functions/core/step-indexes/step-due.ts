import type { TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import type { EntityItem } from 'electrodb';
import type { stepInstance } from '../../db/entities/step-instance';
import { DUE_STATUSES, type StepStatus } from '../../../shared/tracks/step-status';
import { reminderFields } from './reminder-index';

/**
 * The Overdue sweep's index on step instances (`stepInstance` gsi1 `byDue`, sparse): a step is
 * in it exactly while it is Ready or Resubmit with a `dueAt`. Writes that set a step's status
 * spread `dueIndexFields(status, dueAt)` into the item, and writes that move it out of Ready or
 * Resubmit remove `DUE_INDEX_FIELDS`; the sweep drops any entry a writer left behind.
 *
 * Buckets spread the index over a few partitions (derived from the due time, so a step keeps
 * its bucket); the sweep reads each bucket's entries due before now, oldest first.
 */
export const DUE_BUCKETS = 4;
export const DUE_INDEX_FIELDS = ['dueBucket', 'dueIndexAt'] as const;

export function dueBucketOf(dueAt: string): string {
  return String(Math.floor(Date.parse(dueAt) / 1000) % DUE_BUCKETS);
}

export function dueIndexFields(status: StepStatus, dueAt: string | undefined): { dueBucket: string; dueIndexAt: string } | Record<string, never> {
  if (!dueAt || !DUE_STATUSES.has(status)) return {};
  return { dueBucket: dueBucketOf(dueAt), dueIndexAt: dueAt };
}

/**
 * The sweeps drop the entries of an instance that is not Open (step-overdue and reminders stop
 * while a track is withdrawn or completed). The write that opens the instance again puts them
 * back, so its late steps become Overdue at the next sweep and its waiting steps are reminded
 * again: one patch per step missing an entry, on the step's version (the index fields only; the
 * step's work is unchanged). A waiting step's reminder period starts again at `now`.
 */
export function dueIndexReturns(steps: readonly EntityItem<typeof stepInstance>[], now: string): TransactionItem[] {
  return steps.flatMap((step): TransactionItem[] => {
    const due = step.dueAt && !step.dueIndexAt && DUE_STATUSES.has(step.status) ? dueIndexFields(step.status, step.dueAt) : {};
    const reminders = step.remindBucket ? {} : reminderFields(step.status, now, step.dueAt);
    if (!Object.keys(due).length && !Object.keys(reminders).length) return [];
    return [(tx) => tx.stepInstance.patch({ trackInstanceId: step.trackInstanceId, stepInstanceId: step.stepInstanceId }).set({ ...due, ...reminders }).where(ifVersion(step.version)).commit()];
  });
}
