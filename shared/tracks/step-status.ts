import type { STEP_STATUSES, TRACK_INSTANCE_STATUSES } from './statuses';

/**
 * The state machine of step instances (SPEC.md section 4). This file is the one place that
 * says which status a step moves to; every write that changes a step's status asks it and
 * writes the answer on condition of the status it read (a stale write is 409, nothing twice).
 *
 * Issue 12 grows this module (content done, actions, denials, direct changes, overdue); what
 * is here now is what enrolment needs.
 */
export type StepStatus = (typeof STEP_STATUSES)[number];
export type TrackInstanceStatus = (typeof TRACK_INSTANCE_STATUSES)[number];

/**
 * A step's status when it is created (enrolment, or a step added to the template later):
 * Ready when every prerequisite is already Completed (a step without prerequisites is
 * Ready at once), otherwise Unavailable.
 */
export function initialStepStatus(prerequisiteIds: readonly string[], completedStepTemplateIds: ReadonlySet<string>): StepStatus {
  return prerequisiteIds.every((id) => completedStepTemplateIds.has(id)) ? 'Ready' : 'Unavailable';
}

/** The statuses a late step moves from: the participant still has work to hand in. */
export const DUE_STATUSES: ReadonlySet<StepStatus> = new Set<StepStatus>(['Ready', 'Resubmit']);

/**
 * A step whose due time has passed (the scheduled sweep): Ready or Resubmit becomes Overdue;
 * any other status stays as it is (null: nothing to write), so a repeated sweep changes nothing.
 */
export function overdueStatus(status: StepStatus): StepStatus | null {
  return DUE_STATUSES.has(status) ? 'Overdue' : null;
}
