import type { EntityItem } from 'electrodb';
import type { trackTemplate } from '../../db/entities/track-template';
import { db } from '../../db/service';
import { batchGet, transact } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import type { StepInstanceItem, TrackInstanceItem } from '../enrolments/step-instance-store';
import { REMINDER_FIELDS } from '../step-indexes/reminder-index';

type TrackTemplateItem = EntityItem<typeof trackTemplate>;

/** A page of one bucket's entries whose time has come (`remindAt <= now`), oldest first. */
export async function entriesDue(remindBucket: string, now: string, limit: number, cursor: string | null = null): Promise<{ data: StepInstanceItem[]; cursor: string | null }> {
  return db().entities.stepInstance.query.byReminder({ remindBucket }).lte({ remindAt: now }).go({ limit, cursor });
}

/**
 * The condition of every schedule write on an entry: the step's version and the entry's time as
 * read. The schedule does not move `version` (a person's write planned meanwhile still commits and
 * starts the schedule afresh), so the time is what stops two runs from both acting on one entry.
 */
export const onEntry = (step: StepInstanceItem) => (attributes: any, operations: any) =>
  `${ifVersion(step.version)(attributes, operations)} AND ${operations.eq(attributes.remindAt, step.remindAt)}`;

export const stepKey = (step: StepInstanceItem) => ({ trackInstanceId: step.trackInstanceId, stepInstanceId: step.stepInstanceId });

/** An entry a writer left behind (the step moved on, or its track is not Open): its fields go, nothing else changes. */
export async function dropEntry(step: StepInstanceItem): Promise<void> {
  await transact([(tx) => tx.stepInstance.patch(stepKey(step)).remove([...REMINDER_FIELDS]).where(onEntry(step)).commit()]);
}

const unique = <T>(items: readonly T[], keyOf: (item: T) => string): T[] => [...new Map(items.map((item) => [keyOf(item), item])).values()];

/** The entries' track instances and track templates (periods, names): one BatchGet each. */
export async function entryContext(steps: readonly StepInstanceItem[]): Promise<{ instances: Map<string, TrackInstanceItem>; tracks: Map<string, TrackTemplateItem> }> {
  const [instances, tracks] = await Promise.all([
    batchGet<TrackInstanceItem>(db().entities.trackInstance, unique(steps, (s) => s.trackInstanceId).map(({ trackInstanceId }) => ({ trackInstanceId }))),
    batchGet<TrackTemplateItem>(db().entities.trackTemplate, unique(steps, (s) => s.trackTemplateId).map(({ trackTemplateId }) => ({ trackTemplateId }))),
  ]);
  return { instances: new Map(instances.map((i) => [i.trackInstanceId, i])), tracks: new Map(tracks.map((t) => [t.trackTemplateId, t])) };
}
