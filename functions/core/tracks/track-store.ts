import { TRACK_OUTLINE_ITEMS_MAX } from '../../../shared/api/limits';
import type { EntityItem } from 'electrodb';
import type { phaseTemplate } from '../../db/entities/phase-template';
import type { stepTemplate } from '../../db/entities/step-template';
import type { trackTemplate } from '../../db/entities/track-template';
import { db } from '../../db/service';

export type TrackTemplateItem = EntityItem<typeof trackTemplate>;
export type PhaseItem = EntityItem<typeof phaseTemplate>;
export type StepItem = EntityItem<typeof stepTemplate>;

/** One track template by id (consistent: writers read it right before a conditional write). */
export async function getTrackTemplate(trackTemplateId: string): Promise<TrackTemplateItem | null> {
  const { data } = await db().entities.trackTemplate.get({ trackTemplateId }).go({ consistent: true });
  return data ?? null;
}

export interface TrackAggregate {
  track: TrackTemplateItem;
  phases: PhaseItem[];
  steps: StepItem[];
}

/**
 * The outline: template, phases and step headers in one Query of the template's collection
 * (contents and actions live beside it, in `trackTemplateDetail`). Null when there is no template.
 */
export async function readTrackAggregate(trackTemplateId: string): Promise<TrackAggregate | null> {
  const { data } = await db().collections.trackTemplateAggregate({ trackTemplateId }).go({ limit: TRACK_OUTLINE_ITEMS_MAX, consistent: true });
  const track = data.trackTemplate[0];
  if (!track) return null;
  return { track, phases: data.phaseTemplate, steps: data.stepTemplate };
}

/** The status key part that keeps active and inactive tracks in two sorted lists. */
export const statusOf = (disabled: boolean) => (disabled ? 'inactive' : 'active') as 'active' | 'inactive';
