import type { EntityItem } from 'electrodb';
import type { formInstance } from '../../db/entities/form-instance';
import type { stepActionInstance } from '../../db/entities/step-action-instance';
import type { stepContentInstance } from '../../db/entities/step-content-instance';
import type { stepInstance } from '../../db/entities/step-instance';
import { STEP_PARTS_MAX } from '../../../shared/api/limits';
import { db } from '../../db/service';
import { NotFoundError } from '../../lib/errors';
import type { StepItem } from '../tracks/track-store';
import type { ActionItem, ContentItem } from '../tracks/step-view';

export type StepInstanceItem = EntityItem<typeof stepInstance>;
export type ContentInstanceItem = EntityItem<typeof stepContentInstance>;
export type ActionInstanceItem = EntityItem<typeof stepActionInstance>;
export type FormInstanceItem = EntityItem<typeof formInstance>;
export type { TrackInstanceItem } from './instance-access';
import type { TrackInstanceItem } from './instance-access';

export const STEP_INSTANCE_NOT_FOUND = 'Step not found.';

/** A participant's step with its work: the step, its content, action and form instances. */
export interface StepWork {
  step: StepInstanceItem;
  contents: ContentInstanceItem[];
  actions: ActionInstanceItem[];
  forms: FormInstanceItem[];
}

/** The template side: the step with its contents and actions (in the editor's order). */
export interface StepDesign {
  step: StepItem;
  contents: ContentItem[];
  actions: ActionItem[];
}

const byOrder = <T extends { order: number }>(items: readonly T[]) => [...items].sort((a, b) => a.order - b.order);

/** The step page's first read: one Query of `stepInstanceView` (404 when there is no such step). */
export async function readStepWork(stepInstanceId: string): Promise<StepWork> {
  const { data } = await db().collections.stepInstanceView({ stepInstanceId }).go({ limit: 1 + 2 * STEP_PARTS_MAX });
  const step = data.stepInstance[0];
  if (!step) throw new NotFoundError(STEP_INSTANCE_NOT_FOUND);
  return { step, contents: data.stepContentInstance, actions: data.stepActionInstance, forms: data.formInstance };
}

/**
 * The same from the main table, consistent: writes plan from it (the index may lag), and every
 * write is conditioned on the versions read here.
 */
export async function readStepWorkConsistent(trackInstanceId: string, stepInstanceId: string): Promise<StepWork> {
  const key = { trackInstanceId, stepInstanceId };
  const [step, contents, actions] = await Promise.all([
    db().entities.stepInstance.get(key).go({ consistent: true }),
    db().entities.stepContentInstance.query.byInstance(key).go({ limit: STEP_PARTS_MAX, consistent: true }),
    db().entities.stepActionInstance.query.byInstance(key).go({ limit: STEP_PARTS_MAX, consistent: true }),
  ]);
  if (!step.data) throw new NotFoundError(STEP_INSTANCE_NOT_FOUND);
  const formIds = contents.data.map((c) => c.formInstanceId).filter((id): id is string => Boolean(id));
  const forms = formIds.length ? (await db().entities.formInstance.get(formIds.map((formInstanceId) => ({ trackInstanceId, formInstanceId }))).go({ consistent: true })).data : [];
  return { step: step.data, contents: contents.data, actions: actions.data, forms };
}

/** The step page's second read: one Query of `stepTemplateView`. */
export async function readStepDesign(stepTemplateId: string): Promise<StepDesign> {
  const { data } = await db().collections.stepTemplateView({ stepTemplateId }).go({ limit: 1 + STEP_PARTS_MAX });
  const step = data.stepTemplate[0];
  if (!step) throw new NotFoundError(STEP_INSTANCE_NOT_FOUND);
  return { step, contents: byOrder(data.stepContentTemplate), actions: byOrder(data.stepActionTemplate) };
}

export async function readTrackInstance(trackInstanceId: string, consistent = false): Promise<TrackInstanceItem> {
  const { data } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent });
  if (!data) throw new NotFoundError(STEP_INSTANCE_NOT_FOUND);
  return data;
}

/** Where a content or action instance lives (gsi2 `byId`), to read its step consistently. */
export async function locateContent(contentInstanceId: string): Promise<ContentInstanceItem> {
  const { data } = await db().entities.stepContentInstance.query.byId({ contentInstanceId }).go({ limit: 1 });
  if (!data[0]) throw new NotFoundError('Content not found.');
  return data[0];
}

export async function locateAction(actionInstanceId: string): Promise<ActionInstanceItem> {
  const { data } = await db().entities.stepActionInstance.query.byId({ actionInstanceId }).go({ limit: 1 });
  if (!data[0]) throw new NotFoundError('Action not found.');
  return data[0];
}

export async function locateStep(stepInstanceId: string): Promise<StepInstanceItem> {
  const { data } = await db().entities.stepInstance.query.view({ stepInstanceId }).go({ limit: 1 });
  if (!data[0]) throw new NotFoundError(STEP_INSTANCE_NOT_FOUND);
  return data[0];
}
