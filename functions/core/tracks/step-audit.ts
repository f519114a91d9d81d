import type { AuditChange } from '../../../shared/schemas/audit';
import { partChanges } from '../records/design-records';
import { privateChange } from '../records/audit-write';
import { toActionView, toContentView, type ActionItem, type ContentItem } from './step-view';
import type { StepItem } from './track-store';

/**
 * What a step's History entry records (the track template's chain, kind `steps`): its fields,
 * and its contents and actions as a list of types and names. A content's other settings (its
 * role, task text, upload rules, form) are recorded only as changed: the list stays readable.
 */
type StepFields = Pick<StepItem, 'name' | 'description' | 'required' | 'inactive' | 'dueDays' | 'attachments'>;

const STEP_FIELDS = ['name', 'description', 'required', 'inactive', 'dueDays', 'attachments', 'contents', 'actions'];

const byOrder = <T extends { order: number }>(items: readonly T[]) => [...items].sort((a, b) => a.order - b.order);
const listed = (parts: ReadonlyArray<{ type: string; name: string }>) => parts.map((part) => `${part.type} "${part.name}"`).join(', ') || undefined;

function shown(step: Partial<StepFields>, contents: readonly ContentItem[], actions: readonly ActionItem[]) {
  return {
    name: step.name,
    description: step.description,
    required: step.required,
    inactive: step.inactive,
    dueDays: step.dueDays,
    attachments: (step.attachments ?? []).map((file) => file.name).join(', ') || undefined,
    contents: listed(byOrder(contents)),
    actions: listed(byOrder(actions)),
  };
}

/** The parts' settings without their ids: a part changed under the same type and name shows here. */
const withoutId = <T extends { id: string }>({ id: _id, ...settings }: T) => settings;
const partSettings = (contents: readonly ContentItem[], actions: readonly ActionItem[]) =>
  JSON.stringify([byOrder(contents).map((c) => withoutId(toContentView(c))), byOrder(actions).map((a) => withoutId(toActionView(a)))]);

/** A new step: its name, then what it holds. */
export function stepAdded(step: StepFields, contents: readonly ContentItem[], actions: readonly ActionItem[]): AuditChange[] {
  return [{ field: 'step', after: step.name }, ...partChanges(step.name, {}, shown({ ...step, name: undefined }, contents, actions), STEP_FIELDS)];
}

/** An edited step: each field before and after, named after the step as it was. */
export function stepEdited(
  before: { step: StepFields; contents: readonly ContentItem[]; actions: readonly ActionItem[] },
  after: { step: StepFields; contents: readonly ContentItem[]; actions: readonly ActionItem[] },
): AuditChange[] {
  const [from, to] = [shown(before.step, before.contents, before.actions), shown(after.step, after.contents, after.actions)];
  const changes = partChanges(before.step.name, from, to, STEP_FIELDS);
  const listsSame = from.contents === to.contents && from.actions === to.actions;
  const settings = listsSame ? privateChange(`${before.step.name}: settings of contents and actions`, partSettings(before.contents, before.actions), partSettings(after.contents, after.actions)) : [];
  return [...changes, ...settings];
}
