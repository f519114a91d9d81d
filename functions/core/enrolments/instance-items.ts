import type { EntityItem } from 'electrodb';
import type { stepContentTemplate } from '../../db/entities/step-content-template';
import type { stepActionTemplate } from '../../db/entities/step-action-template';
import { deterministicId } from '../../db/ids';
import type { TransactionItem } from '../../db/transact';
import { dueAtFor } from '../../../shared/tracks/due-date';
import { initialStepStatus } from '../../../shared/tracks/step-status';
import type { FormItem } from '../forms/form-view';
import type { PhaseItem, StepItem } from '../tracks/track-store';
import { responsibleRoles } from '../tracks/responsible-roles';
import { dueIndexFields } from '../step-indexes/step-due';
import { reminderFields } from '../step-indexes/reminder-index';

export type ContentTemplateItem = EntityItem<typeof stepContentTemplate>;
export type ActionTemplateItem = EntityItem<typeof stepActionTemplate>;

/**
 * The participant's side of step templates: a step instance with its content, form and action
 * instances. Every id is derived from the track instance and the template item it stands for,
 * so writing the same step twice (a repeated job step, two verify-step-instances calls) lands on
 * the same items, and "has this step an instance?" is a key, never a search.
 */
export interface InstanceRef {
  trackInstanceId: string;
  trackTemplateId: string;
  trackName: string;
  participantId: string;
  /** The instance's creation time: the time part of every derived id. */
  createdAt: string;
}

export const instancePartId = (instance: Pick<InstanceRef, 'trackInstanceId' | 'createdAt'>, ...templateIds: string[]) =>
  deterministicId(Date.parse(instance.createdAt), instance.trackInstanceId, ...templateIds);

export const stepInstanceIdOf = (instance: Pick<InstanceRef, 'trackInstanceId' | 'createdAt'>, stepTemplateId: string) => instancePartId(instance, stepTemplateId);

/** The parts of the steps being instantiated, and the forms they name (current versions pin the answers). */
export interface StepTemplateParts {
  contents: ContentTemplateItem[];
  actions: ActionTemplateItem[];
  forms: Map<string, FormItem>;
  phases: Map<string, PhaseItem>;
}

/** Prerequisites that count: those of active steps (an inactive step gets no instance, so it cannot hold anyone back). */
export function activePrerequisites(step: StepItem, activeIds: ReadonlySet<string>): string[] {
  return step.prerequisites.filter((id) => activeIds.has(id));
}

export interface StepWrites {
  stepInstanceId: string;
  /** The step instance and its parts: kept together in one transaction. */
  writes: TransactionItem[];
  /** Form instances (listed in the participant's Forms tab, so written with what makes the instance visible). */
  formWrites: TransactionItem[];
}

type WriteMode = 'put' | 'create';
type InstanceEntity = 'stepInstance' | 'stepContentInstance' | 'stepActionInstance' | 'formInstance';

/** `create` conditions an item on not existing yet; `put` rewrites it (derived ids: the same item again). */
const writer =
  (mode: WriteMode) =>
  (entity: InstanceEntity, item: Record<string, unknown>): TransactionItem =>
    mode === 'put' ? (tx) => (tx[entity] as any).put(item).commit() : (tx) => (tx[entity] as any).create(item).commit();

/**
 * The items of one step template's instance. A Ready step comes with its content, action and
 * form instances; a locked one is the step instance alone, marked `partsPending`, and gets them
 * from the transaction that opens it (`openingWrites` in functions/core/step-work/step-opening.ts), which keeps a large
 * enrolment at one item per locked step. `create` conditions each on not existing yet
 * (verify-step-instances, racing another call or the participant's work); `put` rewrites it
 * (an enrolment job's repeated step, before the instance is visible to anyone).
 */
export function stepInstanceWrites(
  instance: InstanceRef,
  step: StepItem,
  parts: StepTemplateParts,
  context: { activeIds: ReadonlySet<string>; completedIds: ReadonlySet<string>; now: string; mode: WriteMode },
): StepWrites {
  const stepInstanceId = stepInstanceIdOf(instance, step.stepTemplateId);
  const status = initialStepStatus(activePrerequisites(step, context.activeIds), context.completedIds);
  const open = status !== 'Unavailable';
  const dueAt = status === 'Ready' ? dueAtFor(step.dueDays, context.now) : undefined;
  const stepWrite = writer(context.mode)('stepInstance', {
    trackInstanceId: instance.trackInstanceId,
    stepInstanceId,
    trackTemplateId: instance.trackTemplateId,
    phaseId: step.phaseId,
    stepTemplateId: step.stepTemplateId,
    participantId: instance.participantId,
    status,
    ...(dueAt ? { dueAt } : {}),
    // A Ready step with a due date enters the Overdue sweep's index (functions/core/step-indexes/step-due.ts).
    ...dueIndexFields(status, dueAt),
    // ... and a Ready step the reminder schedule's (functions/core/step-indexes/reminder-index.ts).
    ...reminderFields(status, context.now, dueAt),
    responsibleRoleIds: responsibleRoles(step.stepTemplateId, parts),
    ...(open ? {} : { partsPending: true }),
    createdAt: context.now,
    updatedAt: context.now,
    version: 1,
  });
  if (!open) return { stepInstanceId, writes: [stepWrite], formWrites: [] };
  const own = stepPartsWrites(instance, step, parts, context.now, context.mode);
  return { stepInstanceId, writes: [stepWrite, ...own.writes], formWrites: own.formWrites };
}

/** The content, action and form instances of one step instance (made when the step opens). */
export function stepPartsWrites(
  instance: InstanceRef,
  step: Pick<StepItem, 'stepTemplateId' | 'phaseId' | 'name'>,
  parts: StepTemplateParts,
  now: string,
  mode: WriteMode,
): Omit<StepWrites, 'stepInstanceId'> {
  const write = writer(mode);
  const base = { trackInstanceId: instance.trackInstanceId, stepInstanceId: stepInstanceIdOf(instance, step.stepTemplateId) };
  const stamps = { createdAt: now, updatedAt: now };
  const writes: TransactionItem[] = [];
  const formWrites: TransactionItem[] = [];
  for (const content of parts.contents.filter((part) => part.stepTemplateId === step.stepTemplateId)) {
    const contentInstanceId = instancePartId(instance, content.contentTemplateId);
    const form = content.type === 'Form' && content.formId ? parts.forms.get(content.formId) : undefined;
    const formInstanceId = form ? instancePartId(instance, 'form', content.contentTemplateId) : undefined;
    writes.push(
      write('stepContentInstance', {
        ...base,
        contentInstanceId,
        contentTemplateId: content.contentTemplateId,
        type: content.type,
        ...(content.type === 'Task' ? { task: { completed: false } } : {}),
        ...(content.type === 'Upload' ? { upload: { submitted: false, files: [] } } : {}),
        ...(formInstanceId ? { formInstanceId } : {}),
        ...stamps,
        version: 1,
      }),
    );
    if (form && formInstanceId) {
      formWrites.push(
        write('formInstance', {
          ...base,
          formInstanceId,
          contentInstanceId,
          participantId: instance.participantId,
          formId: form.formId,
          // Pinned: the answers are checked against the version the participant started on.
          formVersion: form.currentVersion,
          title: form.name,
          trackName: instance.trackName,
          phaseName: parts.phases.get(step.phaseId)?.name ?? '',
          stepName: step.name,
          data: {},
          submitted: false,
          ...stamps,
          version: 1,
        }),
      );
    }
  }
  for (const action of parts.actions.filter((part) => part.stepTemplateId === step.stepTemplateId)) {
    writes.push(write('stepActionInstance', { ...base, actionInstanceId: instancePartId(instance, action.actionTemplateId), actionTemplateId: action.actionTemplateId, ...stamps, version: 1 }));
  }
  return { writes, formWrites };
}
