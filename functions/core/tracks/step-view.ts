import type { EntityItem } from 'electrodb';
import type { ActionView, ContentView, StepDetail } from '../../../shared/schemas/step';
import type { stepActionTemplate } from '../../db/entities/step-action-template';
import type { stepContentTemplate } from '../../db/entities/step-content-template';
import type { StepItem } from './track-store';
import { toStepHeaderView } from './track-view';
import { toAttachmentView } from './step-attachments';

export type ContentItem = EntityItem<typeof stepContentTemplate>;
export type ActionItem = EntityItem<typeof stepActionTemplate>;

export function toContentView(c: ContentItem): ContentView {
  return {
    id: c.contentTemplateId,
    stepTemplateId: c.stepTemplateId,
    type: c.type,
    name: c.name,
    roleId: c.roleId,
    isPrivate: c.isPrivate,
    approvedRoles: c.approvedRoles ?? [],
    task: c.type === 'Task' && c.task ? { name: c.task.name ?? '', description: c.task.description ?? '' } : null,
    upload: c.type === 'Upload' && c.upload ? { name: c.upload.name ?? '', multiple: Boolean(c.upload.multiple), type: c.upload.type ?? 'Any', instructions: c.upload.instructions ?? '' } : null,
    formId: c.type === 'Form' ? (c.formId ?? null) : null,
  };
}

export function toActionView(a: ActionItem): ActionView {
  return { id: a.actionTemplateId, stepTemplateId: a.stepTemplateId, type: a.type, name: a.name, roleId: a.roleId, vote: a.vote ?? null };
}

const byOrder = <T extends { order: number }>(items: readonly T[]) => [...items].sort((a, b) => a.order - b.order);

/** A step with its contents and actions, each in the order the editor gave them. */
export function toStepDetail(step: StepItem, contents: readonly ContentItem[], actions: readonly ActionItem[]): StepDetail {
  return {
    ...toStepHeaderView(step),
    trackTemplateId: step.trackTemplateId,
    description: step.description ?? '',
    dueDays: step.dueDays ?? null,
    contents: byOrder(contents).map(toContentView),
    actions: byOrder(actions).map(toActionView),
    attachments: (step.attachments ?? []).map(toAttachmentView),
  };
}
