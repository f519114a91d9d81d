import type { AuditChange, AuditKind } from '../../../shared/schemas/audit';
import type { StepState } from '../../../shared/tracks/step-status';
import type { TransactionItem } from '../../db/transact';
import { fieldChange, type AuditCaller } from '../records/audit-write';
import { enrolmentEntry } from '../records/enrolment-records';
import type { ContentItem } from '../tracks/step-view';
import type { TrackInstanceItem } from '../enrolments/step-instance-store';
import type { LoadedStep } from './step-load';
import { actionsInOrder } from './step-state';

/**
 * The work on a step as its enrolment's History records it (issue 25): ONE entry in the
 * transaction of each change, naming what changed ("<step> / <content or action>"), with what the
 * change did to the step (its status, denied actions asked again) and to the enrolment (its status).
 * Content the step keeps private (SPEC.md section 6) is recorded only as changed, under one action
 * that does not say how: its state and its files' names are as hidden here as on the step page.
 * Form answers are never copied, only that they changed.
 */
export interface WorkChange {
  action: string;
  kind: AuditKind<'TrackInstance'>;
  changes: AuditChange[];
}

export const PRIVATE_CHANGE = 'enrolment.private.changed';

/** How the History names a content item or action of a step. */
export const partLabel = (stepName: string, partName: string) => `${stepName} / ${partName}`;

const DONE = { Task: ['not done', 'done'], Upload: ['not submitted', 'submitted'], Form: ['not submitted', 'submitted'] } as const;

/**
 * A content item's change, or only that it changed when the content is private. Each change's
 * field is relative to the content: '' for the content itself, else what of it ('answers').
 */
export function contentChange(stepName: string, template: Pick<ContentItem, 'name' | 'isPrivate'>, change: WorkChange): WorkChange {
  const field = partLabel(stepName, template.name);
  if (template.isPrivate) return { action: PRIVATE_CHANGE, kind: 'content', changes: [{ field, changed: true }] };
  return { ...change, changes: change.changes.map((one) => ({ ...one, field: one.field ? `${field} ${one.field}` : field })) };
}

/** A task ticked or unticked, an upload or a form submitted or taken back: done before and after (fields are filled in by contentChange). */
export function doneChange(type: keyof typeof DONE, done: boolean): WorkChange {
  const [no, yes] = DONE[type];
  const verb = type === 'Task' ? (done ? 'completed' : 'uncompleted') : done ? 'submitted' : 'unsubmitted';
  return { action: `enrolment.${type.toLowerCase()}.${verb}`, kind: 'content', changes: [{ field: '', before: done ? no : yes, after: done ? yes : no }] };
}

/** What the change did to the step and the enrolment: the step's status, actions asked again, the enrolment's status. */
function consequenceChanges({ work, design, instance }: LoadedStep, before: StepState, after: StepState, trackStatus: TrackInstanceItem['status'] | null): AuditChange[] {
  const step = design.step.name;
  const resets = actionsInOrder(work, design).flatMap((action, i) => {
    if (before.actions[i] !== 'denied' || after.actions[i] !== 'pending') return [];
    const name = design.actions.find((t) => t.actionTemplateId === action.actionTemplateId)?.name ?? action.actionTemplateId;
    return [{ field: partLabel(step, name), before: 'denied', after: 'pending' }];
  });
  return [...fieldChange(partLabel(step, 'status'), before.status, after.status), ...resets, ...(trackStatus ? fieldChange('status', instance.status, trackStatus) : [])];
}

/** The entry of one change on a step, for the change's own transaction. */
export function workEntry(auth: AuditCaller, loaded: LoadedStep, change: WorkChange, before: StepState, after: StepState, trackStatus: TrackInstanceItem['status'] | null): TransactionItem {
  return enrolmentEntry(auth, loaded.instance, change.action, change.kind, [...change.changes, ...consequenceChanges(loaded, before, after, trackStatus)]);
}
