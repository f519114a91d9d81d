import type { STEP_STATUSES, TRACK_INSTANCE_STATUSES } from './statuses';

/**
 * The state machine of step instances (SPEC.md section 4; docs/statuses.md draws it). This file
 * is the one place that says which status a step moves to; every write that changes a step's
 * status asks it and writes the answer on condition of the versions it read (a stale write is
 * 409, so nothing happens twice). Pure functions: the server and the property tests share them.
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

/** An action's decision: SPEC's approved null (pending), true or false. */
export type ActionDecision = 'pending' | 'approved' | 'denied';

/** What the machine needs of a step: its status, whether each content item is done, each action's decision. */
export interface StepState {
  status: StepStatus;
  /** Per content item: task completed, upload submitted, form submitted. */
  contentDone: readonly boolean[];
  actions: readonly ActionDecision[];
}

/** The statuses the direct selector offers (SPEC.md section 4): the participant's advisor or an override role. */
export const SELECTABLE_STEP_STATUSES = ['Ready', 'PendingReview', 'Completed'] as const;
export type SelectableStepStatus = (typeof SELECTABLE_STEP_STATUSES)[number];

/**
 * From which statuses a direct change may go to each selectable status. Never back to
 * Unavailable or to the statuses the work decides (Resubmit, Overdue); never to the status it
 * has. Ready opens a step early or reopens it; PendingReview and Completed need an open step.
 */
export const DIRECT_CHANGES: Readonly<Record<SelectableStepStatus, readonly StepStatus[]>> = {
  Ready: ['Unavailable', 'Overdue', 'Resubmit', 'PendingReview', 'Completed'],
  PendingReview: ['Ready', 'Overdue', 'Resubmit', 'Completed'],
  Completed: ['Ready', 'Overdue', 'Resubmit', 'PendingReview'],
};

export type StepEvent =
  /** Every prerequisite is Completed (a dependent of a step that completed). */
  | { kind: 'prerequisitesMet' }
  /** The responsible person did (submit, tick) or undid (unsubmit, untick) one content item. */
  | { kind: 'content'; index: number; done: boolean }
  /** The responsible assignee (or an override) approved or denied one pending action. */
  | { kind: 'decide'; index: number; approved: boolean }
  /** The participant's advisor or an override role set the status. */
  | { kind: 'set'; status: SelectableStepStatus }
  /** The due time passed (the sweep). */
  | { kind: 'due' };

/** A transition the machine refuses; the routes answer 409 with its message. */
export class StepTransitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepTransitionError';
  }
}

export const STEP_MESSAGES = {
  unavailable: 'This step is not yet available. Please return to your Track.',
  completed: 'This step is completed: its content and actions are locked.',
  contentAlready: (done: boolean) => (done ? 'This content is already done.' : 'This content is not done yet.'),
  contentNotDone: 'Not all contents have been completed!',
  decided: 'This action has already been decided.',
  sameStatus: (status: StepStatus) => `The step is already ${status}.`,
  direct: (from: StepStatus, to: StepStatus) => `A step cannot be changed from ${from} to ${to}.`,
  unknown: 'No such content or action on this step.',
} as const;

const allDone = (done: readonly boolean[]) => done.every(Boolean);

/**
 * The status the work decides once all content is done: Completed with no actions or all
 * approved, Resubmit when one is denied, otherwise PendingReview (actions wait).
 */
export function statusOfDoneWork(actions: readonly ActionDecision[]): StepStatus {
  if (actions.some((a) => a === 'denied')) return 'Resubmit';
  if (actions.every((a) => a === 'approved')) return 'Completed';
  return 'PendingReview';
}

/**
 * Whether undoing content reopens a Completed step (SPEC.md section 4: submitted content can be
 * unsubmitted). A step without actions completes as its last content is done, with nobody's
 * decision resting on it, so unsubmitting (or unticking) takes it back to Ready. A step completed
 * by approvals, or set Completed with content still undone, stays locked.
 */
export function reopensOnUndo(state: StepState): boolean {
  return state.status === 'Completed' && state.actions.length === 0 && allDone(state.contentDone);
}

function assertOpen(status: StepStatus): void {
  if (status === 'Unavailable') throw new StepTransitionError(STEP_MESSAGES.unavailable);
  if (status === 'Completed') throw new StepTransitionError(STEP_MESSAGES.completed);
}

/**
 * The next state of a step after one event, or a StepTransitionError. Returns the same object
 * when the event changes nothing (a repeated sweep, prerequisites met again).
 */
export function nextStepState(state: StepState, event: StepEvent): StepState {
  switch (event.kind) {
    case 'prerequisitesMet':
      return state.status === 'Unavailable' ? { ...state, status: 'Ready' } : state;
    case 'due': {
      const status = overdueStatus(state.status);
      return status ? { ...state, status } : state;
    }
    case 'content':
      return contentChanged(state, event.index, event.done);
    case 'decide':
      return actionDecided(state, event.index, event.approved);
    case 'set':
      return directChange(state, event.status);
  }
}

function contentChanged(state: StepState, index: number, done: boolean): StepState {
  const reopening = !done && reopensOnUndo(state);
  if (!reopening) assertOpen(state.status);
  if (index < 0 || index >= state.contentDone.length) throw new StepTransitionError(STEP_MESSAGES.unknown);
  if (state.contentDone[index] === done) throw new StepTransitionError(STEP_MESSAGES.contentAlready(done));
  const contentDone = state.contentDone.map((d, i) => (i === index ? done : d));
  if (!done) {
    // Undone: the step waits for the work again (an Overdue or Resubmit step stays so); a step
    // without actions that the work completed reopens (reopensOnUndo).
    return { ...state, contentDone, status: reopening || state.status === 'PendingReview' ? 'Ready' : state.status };
  }
  if (!allDone(contentDone)) return { ...state, contentDone };
  // Handed in again after a denial: denied actions are asked again.
  const actions = state.actions.map((a) => (a === 'denied' ? 'pending' : a));
  return { status: statusOfDoneWork(actions), contentDone, actions };
}

function actionDecided(state: StepState, index: number, approved: boolean): StepState {
  assertOpen(state.status);
  if (index < 0 || index >= state.actions.length) throw new StepTransitionError(STEP_MESSAGES.unknown);
  if (!allDone(state.contentDone)) throw new StepTransitionError(STEP_MESSAGES.contentNotDone);
  if (state.actions[index] !== 'pending') throw new StepTransitionError(STEP_MESSAGES.decided);
  const actions = state.actions.map((a, i): ActionDecision => (i === index ? (approved ? 'approved' : 'denied') : a));
  return { ...state, actions, status: statusOfDoneWork(actions) };
}

function directChange(state: StepState, status: SelectableStepStatus): StepState {
  if (state.status === status) throw new StepTransitionError(STEP_MESSAGES.sameStatus(status));
  if (!DIRECT_CHANGES[status].includes(state.status)) throw new StepTransitionError(STEP_MESSAGES.direct(state.status, status));
  return { ...state, status };
}

/** A step of a track instance as the graph rules see it. */
export interface StepNode {
  stepTemplateId: string;
  phaseId: string;
  prerequisites: readonly string[];
  status: StepStatus;
  /** Required by the template (required steps decide the track's completion). */
  required: boolean;
  /** False when its template is inactive (hidden from the participant unless Completed or PendingReview). */
  active: boolean;
}

/**
 * The steps that open because `completedId` completed: same-phase dependents still Unavailable
 * whose prerequisites are now all Completed (`steps` holds the statuses after the change).
 */
export function dependentsToOpen(completedId: string, steps: readonly StepNode[]): StepNode[] {
  const completed = steps.find((s) => s.stepTemplateId === completedId);
  if (!completed || completed.status !== 'Completed') return [];
  const done = new Set(steps.filter((s) => s.status === 'Completed').map((s) => s.stepTemplateId));
  return steps.filter(
    (s) => s.status === 'Unavailable' && s.phaseId === completed.phaseId && s.prerequisites.includes(completedId) && s.prerequisites.every((id) => done.has(id)),
  );
}

/** The track statuses the work moves between; the others (Unavailable, Withdrawn, Discontinued) are set by people only. */
const AUTOMATIC_TRACK_STATUSES: ReadonlySet<TrackInstanceStatus> = new Set<TrackInstanceStatus>(['Open', 'Completed']);

/**
 * The track instance's status after its steps changed: Completed once every visible required
 * step is Completed, Open again when one reopens; null when it stays (or a person set a status
 * the work does not touch).
 */
export function trackStatusAfter(current: TrackInstanceStatus, steps: readonly Pick<StepNode, 'required' | 'active' | 'status'>[]): TrackInstanceStatus | null {
  if (!AUTOMATIC_TRACK_STATUSES.has(current)) return null;
  const counted = steps.filter((s) => s.required && (s.active || s.status === 'Completed' || s.status === 'PendingReview'));
  const next: TrackInstanceStatus = counted.length > 0 && counted.every((s) => s.status === 'Completed') ? 'Completed' : 'Open';
  return next === current ? null : next;
}
