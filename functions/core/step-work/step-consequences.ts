import { TRACK_STEPS_MAX } from '../../../shared/api/limits';
import { dueAtFor } from '../../../shared/tracks/due-date';
import { dependentsToOpen, trackStatusAfter, type StepNode, type StepState, type StepStatus } from '../../../shared/tracks/step-status';
import { db } from '../../db/service';
import type { TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { readTrackAggregate } from '../tracks/track-store';
import { actionsInOrder } from './step-state';
import { DUE_INDEX_FIELDS, dueIndexFields, dueIndexReturns } from '../step-indexes/step-due';
import { openingWrites } from './step-opening';
import { reminderChange } from '../step-indexes/reminder-index';
import type { StepDesign, StepInstanceItem, StepWork, TrackInstanceItem } from '../enrolments/step-instance-store';

/**
 * A step's status write on the version read: a step that becomes Ready gets its due date
 * (shared/tracks/due-date.ts), and the Overdue sweep's and the reminders' indexes follow the status.
 */
export function statusWrite(step: StepInstanceItem, status: StepStatus, dueDays: number | undefined, now: string): TransactionItem {
  const dueAt = status === 'Ready' && step.status !== 'Ready' ? dueAtFor(dueDays, now) : step.dueAt;
  const indexed = dueIndexFields(status, dueAt);
  // A new status starts the reminder schedule afresh (functions/core/step-indexes/reminder-index.ts); the same status keeps it.
  const reminders = status !== step.status ? reminderChange(status, now, dueAt) : { set: {}, remove: [] };
  const key = { trackInstanceId: step.trackInstanceId, stepInstanceId: step.stepInstanceId };
  // An opening step enrolled without its parts gets them in the same transaction (step-opening.ts).
  const removed = [
    ...(Object.keys(indexed).length ? [] : DUE_INDEX_FIELDS),
    ...reminders.remove,
    ...(step.partsPending && status !== 'Unavailable' ? (['partsPending'] as const) : []),
  ];
  return (tx) => {
    const patch = tx.stepInstance.patch(key).set({ status, ...(dueAt ? { dueAt } : {}), ...indexed, ...reminders.set });
    return (removed.length ? patch.remove(removed) : patch).add({ version: 1 }).where(ifVersion(step.version)).commit();
  };
}

/**
 * The step's own writes for a new state: the step on the version read (every write on a step
 * moves its version, so two people finishing its last two items cannot both miss the change),
 * and the denied actions a resubmission asks again.
 */
export function stepWrites(work: StepWork, design: StepDesign, before: StepState, after: StepState, now: string): TransactionItem[] {
  const writes: TransactionItem[] = [statusWrite(work.step, after.status, design.step.dueDays, now)];
  actionsInOrder(work, design).forEach((action, i) => {
    if (before.actions[i] === 'denied' && after.actions[i] === 'pending') {
      writes.push((tx) =>
        tx.stepActionInstance
          .patch({ trackInstanceId: action.trackInstanceId, stepInstanceId: action.stepInstanceId, actionInstanceId: action.actionInstanceId })
          // A denied committee vote asked again opens a new round (its ballots stay as the record of the last).
          .remove(['approved', 'userId', 'userFirstName', 'userLastName', 'voteState', 'vote'])
          .add({ version: 1 })
          .where(ifVersion(action.version))
          .commit(),
      );
    }
  });
  return writes;
}

export interface TrackConsequences {
  writes: TransactionItem[];
  /** Steps that opened (for the participant's bell). */
  opened: StepInstanceItem[];
  trackStatus: TrackInstanceItem['status'] | null;
}

/**
 * What a step's new status does to the rest of the instance: a Completed step opens its
 * same-phase dependents whose prerequisites are all Completed; the instance becomes Completed
 * when every visible required step is, and Open again when one reopens. Read only when the
 * status moves to or from Completed (two Queries: the instance's steps, the track's outline).
 */
export async function trackConsequences(instance: TrackInstanceItem, step: StepInstanceItem, from: StepStatus, to: StepStatus, now: string): Promise<TrackConsequences> {
  if (from === to || (from !== 'Completed' && to !== 'Completed')) return { writes: [], opened: [], trackStatus: null };
  const [steps, outline] = await Promise.all([
    db().entities.stepInstance.query.byInstance({ trackInstanceId: instance.trackInstanceId }).go({ limit: TRACK_STEPS_MAX, consistent: true }),
    readTrackAggregate(instance.trackTemplateId),
  ]);
  const templates = new Map((outline?.steps ?? []).map((t) => [t.stepTemplateId, t]));
  const nodes: StepNode[] = steps.data.map((s) => {
    const t = templates.get(s.stepTemplateId);
    const status = s.stepInstanceId === step.stepInstanceId ? to : s.status;
    return { stepTemplateId: s.stepTemplateId, phaseId: s.phaseId, prerequisites: t?.prerequisites ?? [], status, required: Boolean(t?.required), active: Boolean(t && !t.inactive) };
  });
  const opened = to === 'Completed' ? dependentsToOpen(step.stepTemplateId, nodes) : [];
  const openedItems = opened.map((node) => steps.data.find((s) => s.stepTemplateId === node.stepTemplateId)!);
  const writes = [...openedItems.map((s) => statusWrite(s, 'Ready', templates.get(s.stepTemplateId)?.dueDays, now)), ...(await openingWrites(instance, openedItems, now, outline))];
  const openedIds = new Set(opened.map((n) => n.stepTemplateId));
  const trackStatus = trackStatusAfter(instance.status, nodes.map((n) => (openedIds.has(n.stepTemplateId) ? { ...n, status: 'Ready' as const } : n)));
  if (trackStatus === 'Open') {
    // Opened again: its other steps go back into the sweeps' indexes (dropped while it was not Open).
    writes.push(...dueIndexReturns(steps.data.filter((s) => s.stepInstanceId !== step.stepInstanceId && !openedIds.has(s.stepTemplateId)), now));
  }
  if (trackStatus) {
    // The status is part of the gsi3 key (byTemplateStatus): ElectroDB builds it with the template id.
    writes.push((tx) =>
      tx.trackInstance
        .patch({ trackInstanceId: instance.trackInstanceId })
        .set({ status: trackStatus, statusAt: now })
        .composite({ trackTemplateId: instance.trackTemplateId })
        .add({ version: 1 })
        .where(ifVersion(instance.version))
        .commit(),
    );
  }
  return { writes, opened: openedItems, trackStatus };
}
