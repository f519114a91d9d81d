import { nextStepState, StepTransitionError, type ActionDecision, type StepEvent, type StepState, type StepStatus } from '../../../shared/tracks/step-status';
import { ConflictError } from '../../lib/errors';
import type { StepDesign, StepWork } from '../enrolments/step-instance-store';

/** Content and actions can be worked on (not before the step opens, not after it completes). */
export const isOpenForWork = (status: StepStatus) => status !== 'Unavailable' && status !== 'Completed';

/** Whether one content item is done: task completed, upload submitted, form submitted. */
export function contentDoneOf(work: StepWork, contentTemplateId: string): boolean {
  const item = work.contents.find((c) => c.contentTemplateId === contentTemplateId);
  if (!item) return true;
  if (item.type === 'Task') return Boolean(item.task?.completed);
  if (item.type === 'Upload') return Boolean(item.upload?.submitted);
  return Boolean(work.forms.find((f) => f.formInstanceId === item.formInstanceId)?.submitted);
}

export const decisionOf = (approved: boolean | null | undefined): ActionDecision => (approved === true ? 'approved' : approved === false ? 'denied' : 'pending');

/** The machine's view of a stored step: content and actions in the template's order (instances without a template part are ignored). */
export function stateOf(work: StepWork, design: StepDesign): StepState {
  const actions = design.actions.flatMap((t) => {
    const item = work.actions.find((a) => a.actionTemplateId === t.actionTemplateId);
    return item ? [decisionOf(item.approved)] : [];
  });
  const contents = design.contents.filter((t) => work.contents.some((c) => c.contentTemplateId === t.contentTemplateId));
  return { status: work.step.status, contentDone: contents.map((t) => contentDoneOf(work, t.contentTemplateId)), actions };
}

/** Indexes the machine uses for a content or action instance. */
export function contentIndex(work: StepWork, design: StepDesign, contentInstanceId: string): number {
  const contents = design.contents.filter((t) => work.contents.some((c) => c.contentTemplateId === t.contentTemplateId));
  const item = work.contents.find((c) => c.contentInstanceId === contentInstanceId);
  return contents.findIndex((t) => t.contentTemplateId === item?.contentTemplateId);
}

export function actionIndex(work: StepWork, design: StepDesign, actionInstanceId: string): number {
  const actions = design.actions.filter((t) => work.actions.some((a) => a.actionTemplateId === t.actionTemplateId));
  const item = work.actions.find((a) => a.actionInstanceId === actionInstanceId);
  return actions.findIndex((t) => t.actionTemplateId === item?.actionTemplateId);
}

/** The instances of the machine's action order (to write the resets of a resubmission). */
export function actionsInOrder(work: StepWork, design: StepDesign): StepWork['actions'] {
  return design.actions.flatMap((t) => work.actions.filter((a) => a.actionTemplateId === t.actionTemplateId).slice(0, 1));
}

/** The machine's answer, its refusals as 409 with their message. */
export function transition(state: StepState, event: StepEvent): StepState {
  try {
    return nextStepState(state, event);
  } catch (error) {
    if (error instanceof StepTransitionError) throw new ConflictError(error.message);
    throw error;
  }
}
