import { TRACK_DETAIL_ITEMS_MAX } from '../../../shared/api/limits';
import { db } from '../../db/service';
import { formsById } from '../forms/form-store';
import type { FormItem } from '../forms/form-view';
import type { StepItem, TrackAggregate } from '../tracks/track-store';
import type { ActionTemplateItem, ContentTemplateItem, StepTemplateParts } from './instance-items';

const DETAIL_PAGE = 1000;

/**
 * The contents and actions of a track's steps: its `trackTemplateDetail` collection (beside the
 * outline), read page by page; `only` keeps the parts of those steps. Bounded by the design limits
 * (1,000 steps of 20 parts).
 */
export async function trackParts(trackTemplateId: string, only?: ReadonlySet<string>): Promise<{ contents: ContentTemplateItem[]; actions: ActionTemplateItem[] }> {
  const contents: ContentTemplateItem[] = [];
  const actions: ActionTemplateItem[] = [];
  let cursor: string | null = null;
  let read = 0;
  do {
    const page: { data: { stepContentTemplate: ContentTemplateItem[]; stepActionTemplate: ActionTemplateItem[] }; cursor: string | null } = await db()
      .collections.trackTemplateDetail({ trackTemplateId })
      .go({ limit: DETAIL_PAGE, cursor, consistent: true });
    const keep = <T extends { stepTemplateId: string }>(items: T[]) => (only ? items.filter((item) => only.has(item.stepTemplateId)) : items);
    contents.push(...keep(page.data.stepContentTemplate));
    actions.push(...keep(page.data.stepActionTemplate));
    read += page.data.stepContentTemplate.length + page.data.stepActionTemplate.length;
    cursor = page.cursor;
  } while (cursor && read < TRACK_DETAIL_ITEMS_MAX);
  const order = (a: { order: number }, b: { order: number }) => a.order - b.order;
  return { contents: contents.sort(order), actions: actions.sort(order) };
}

/** The forms the contents name, live or deleted (an instance of a deleted form still pins its last version). */
export async function formsOf(contents: readonly ContentTemplateItem[]): Promise<Map<string, FormItem>> {
  const ids = [...new Set(contents.map((content) => content.formId).filter((id): id is string => Boolean(id)))];
  if (!ids.length) return new Map();
  return new Map((await formsById(ids)).map((form) => [form.formId, form]));
}

/** Everything instance items are made from, for the given steps of the outline. */
export async function partsFor(outline: TrackAggregate, steps: readonly StepItem[], parts?: { contents: ContentTemplateItem[]; actions: ActionTemplateItem[] }): Promise<StepTemplateParts> {
  const wanted = new Set(steps.map((step) => step.stepTemplateId));
  const read = parts ?? (await trackParts(outline.track.trackTemplateId, wanted));
  const contents = read.contents.filter((part) => wanted.has(part.stepTemplateId));
  const actions = read.actions.filter((part) => wanted.has(part.stepTemplateId));
  return { contents, actions, forms: await formsOf(contents), phases: new Map(outline.phases.map((phase) => [phase.phaseId, phase])) };
}

/** The steps that get instances: active ones, in the order of their ids (the job's cursor order). */
export function activeSteps(outline: TrackAggregate): StepItem[] {
  return outline.steps.filter((step) => !step.inactive).sort((a, b) => (a.stepTemplateId.toLowerCase() < b.stepTemplateId.toLowerCase() ? -1 : 1));
}
