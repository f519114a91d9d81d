import { SYSTEM_LOCATION_ID } from '../entities/location';
import { db } from '../service';
import { parallelWriter } from './large-writer';
import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';

/**
 * The design-size track of the large seed: a system track of 10 phases x 100 steps, each step
 * with 2 tasks, an upload and an approval (4,000 parts beside the outline), and each step after
 * a phase's first needing the one before. Fixed ids, so seeding again overwrites. Conference
 * admins copy it (Copy from Existing): the benchmark times that copy and reads its outline.
 */
export const LARGE_TRACK_ID = 'large-track-system';
export const LARGE_TRACK_SIZES = { phases: 10, stepsPerPhase: 100 } as const;

const SEEDED_AT = '2025-01-06T15:00:00.000Z';
const roleId = (name: string) => SYSTEM_ROLES.find((role) => role.name === name)!.id;
const pad = (n: number) => String(n).padStart(3, '0');

export interface LargeTrackItems {
  trackTemplate: Record<string, unknown>;
  phases: Array<Record<string, unknown>>;
  steps: Array<Record<string, unknown>>;
  contents: Array<Record<string, unknown>>;
  actions: Array<Record<string, unknown>>;
}

export interface TrackSizes {
  phases: number;
  stepsPerPhase: number;
}

export function largeTrackItems(sizes: TrackSizes = LARGE_TRACK_SIZES, trackTemplateId = LARGE_TRACK_ID): LargeTrackItems {
  const stamps = { createdAt: SEEDED_AT, updatedAt: SEEDED_AT };
  const participant = roleId('Participant');
  const advisor = roleId('Advisor');
  const items: LargeTrackItems = {
    trackTemplate: {
      trackTemplateId,
      name: trackTemplateId === LARGE_TRACK_ID ? 'Large Formation Pathway' : `Pathway ${sizes.phases} x ${sizes.stepsPerPhase}`,
      description: `${sizes.phases} phases of ${sizes.stepsPerPhase} steps: the design size, for the benchmark.`,
      conferenceId: SYSTEM_LOCATION_ID,
      episcopalAreaId: SYSTEM_LOCATION_ID,
      disabled: false,
      status: 'active',
      ...stamps,
    },
    phases: [],
    steps: [],
    contents: [],
    actions: [],
  };
  for (let p = 0; p < sizes.phases; p++) {
    const phaseId = `${trackTemplateId}-p${pad(p)}`;
    items.phases.push({ trackTemplateId, phaseId, name: `Phase ${p + 1}`, description: `Stage ${p + 1} of the pathway.`, order: p + 1, ...stamps });
    for (let s = 0; s < sizes.stepsPerPhase; s++) {
      const stepTemplateId = `${phaseId}-s${pad(s)}`;
      items.steps.push({
        trackTemplateId,
        phaseId,
        stepTemplateId,
        name: `Step ${p + 1}.${s + 1}`,
        description: '<p>Read the chapter and write a short reflection for your advisor.</p>',
        required: s % 3 === 0,
        prerequisites: s === 0 ? [] : [`${phaseId}-s${pad(s - 1)}`],
        ...stamps,
      });
      const part = { trackTemplateId, stepTemplateId, ...stamps };
      items.contents.push(
        { ...part, contentTemplateId: `${stepTemplateId}-c0`, type: 'Task', name: 'Reading', order: 0, roleId: participant, task: { name: 'Read', description: 'The chapter for this step.' } },
        { ...part, contentTemplateId: `${stepTemplateId}-c1`, type: 'Task', name: 'Reflection', order: 1, roleId: participant, task: { name: 'Reflect', description: 'A page on the reading.' } },
        { ...part, contentTemplateId: `${stepTemplateId}-c2`, type: 'Upload', name: 'Notes', order: 2, roleId: participant, upload: { name: 'Notes', multiple: false, type: 'Document', instructions: 'Your notes as a document.' } },
      );
      items.actions.push({ ...part, actionTemplateId: `${stepTemplateId}-a0`, type: 'Approval', name: 'Advisor approval', order: 0, roleId: advisor });
    }
  }
  return items;
}

/** The same items as full table items, for a parallel writer (./large-writer.ts). */
export function largeTrackTableItems(sizes: TrackSizes = LARGE_TRACK_SIZES, trackTemplateId = LARGE_TRACK_ID): Array<Record<string, unknown>> {
  const track = largeTrackItems(sizes, trackTemplateId);
  const entities = db().entities;
  const item = (params: { Item?: Record<string, unknown> }) => params.Item!;
  return [
    item(entities.trackTemplate.put(track.trackTemplate as never).params()),
    ...track.phases.map((phase) => item(entities.phaseTemplate.put(phase as never).params())),
    ...track.steps.map((step) => item(entities.stepTemplate.put(step as never).params())),
    ...track.contents.map((content) => item(entities.stepContentTemplate.put(content as never).params())),
    ...track.actions.map((action) => item(entities.stepActionTemplate.put(action as never).params())),
  ];
}

/** Writes the design-size track alone (the benchmark's timing scripts and the demo side of `--scale large`), or one of other sizes under another id. */
export async function putLargeTrack(sizes: TrackSizes = LARGE_TRACK_SIZES, trackTemplateId = LARGE_TRACK_ID): Promise<void> {
  const writer = parallelWriter({ concurrency: 4 });
  await writer.put(largeTrackTableItems(sizes, trackTemplateId));
  await writer.flush();
}
