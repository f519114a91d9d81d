import type { TallyInput } from '../../db/directory-projection';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import type { STEP_STATUSES, TRACK_INSTANCE_STATUSES } from '../../../shared/tracks/statuses';
import { WAITING_STEP_STATUSES } from '../../../shared/schemas/dashboard';

/**
 * What one enrolment counts in on the dashboards (issue 27), derived from its current state only,
 * so the projector (./dashboard-projector.ts), the drift check and the large seed agree. It counts
 * in the organisation (`system`) and in every place of its district's chain (jurisdiction, area,
 * conference, district), the same figures in each:
 * - `status:<S>` and `track:<trackId>:status:<S>`: the enrolment;
 * - `track:<trackId>:phase:<phaseId>`: an Open enrolment's current phase (the first, in the track's
 *   order, with a step not Completed);
 * - `enrolled:<YYYY-MM>` and `ended:<S>:<YYYY-MM>` (Completed, Withdrawn, Discontinued): the trends;
 * - of an Open enrolment's steps: `steps:<S>` (how many in each status), `waiting:<YYYY-MM-DD>`
 *   (steps someone must act on, by the day they started waiting: "waiting more than N days" is the
 *   sum of the days before), and `load:<userId>` (the waiting steps each assignee is responsible for).
 * Months and days are UTC.
 */
type TrackStatus = (typeof TRACK_INSTANCE_STATUSES)[number];
type StepStatus = (typeof STEP_STATUSES)[number];

export const WAITING_STATUSES: readonly StepStatus[] = WAITING_STEP_STATUSES;
export const ENDED_STATUSES: readonly TrackStatus[] = ['Completed', 'Withdrawn', 'Discontinued'];

/** The UTC day (`YYYY-MM-DD`) `days` before `now`: a step waiting since a day before it has waited more than `days` (the figures and the waiting list agree). */
export const dayBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

export interface TalliedEnrolment {
  trackTemplateId: string;
  conferenceId: string;
  ancestorIds?: string[];
  status: TrackStatus;
  statusAt?: string;
  createdAt?: string;
  updatedAt?: string;
  assignees: Array<{ userId: string; roleId: string }>;
}

export interface TalliedStep {
  phaseId: string;
  status: StepStatus;
  remindSince?: string;
  responsibleRoleIds?: string[];
}

/** The organisation and every place above the enrolment (its conference even without a chain). */
export function tallyScopes(enrolment: Pick<TalliedEnrolment, 'conferenceId' | 'ancestorIds'>): string[] {
  const places = [...(enrolment.ancestorIds ?? [])];
  if (enrolment.conferenceId !== SYSTEM_LOCATION_ID && !places.includes(enrolment.conferenceId)) places.push(enrolment.conferenceId);
  return [SYSTEM_LOCATION_ID, ...places];
}

/** The current phase: the first phase (in the track's order) with a step not Completed; the last phase when all are. */
export function currentPhase(steps: TalliedStep[], phaseOrder: string[]): string | undefined {
  const unfinished = new Set(steps.filter((step) => step.status !== 'Completed').map((step) => step.phaseId));
  return phaseOrder.find((phaseId) => unfinished.has(phaseId)) ?? phaseOrder.at(-1);
}

/** When an ended enrolment ended, as the trends count it: its status's time, else its last change. */
export const endedAtOf = (enrolment: Pick<TalliedEnrolment, 'statusAt' | 'updatedAt'>): string | undefined => enrolment.statusAt ?? enrolment.updatedAt;

export function enrolmentTallies(enrolment: TalliedEnrolment, steps: TalliedStep[], phaseOrder: string[]): TallyInput[] {
  const figures = new Map<string, number>();
  const count = (metric: string, weight = 1) => figures.set(metric, (figures.get(metric) ?? 0) + weight);
  const track = enrolment.trackTemplateId;
  count(`status:${enrolment.status}`);
  count(`track:${track}:status:${enrolment.status}`);
  if (enrolment.createdAt) count(`enrolled:${enrolment.createdAt.slice(0, 7)}`);
  const endedAt = endedAtOf(enrolment);
  if (ENDED_STATUSES.includes(enrolment.status) && endedAt) count(`ended:${enrolment.status}:${endedAt.slice(0, 7)}`);
  if (enrolment.status === 'Open') {
    const phase = currentPhase(steps, phaseOrder);
    if (phase) count(`track:${track}:phase:${phase}`);
    for (const step of steps) {
      count(`steps:${step.status}`);
      if (!WAITING_STATUSES.includes(step.status)) continue;
      if (step.remindSince) count(`waiting:${step.remindSince.slice(0, 10)}`);
      const responsible = new Set(step.responsibleRoleIds ?? []);
      for (const userId of new Set(enrolment.assignees.filter((assignee) => responsible.has(assignee.roleId)).map((assignee) => assignee.userId))) count(`load:${userId}`);
    }
  }
  return tallyScopes(enrolment).flatMap((scopeId) => [...figures].map(([metric, weight]) => ({ scopeId, metric, weight })));
}

/**
 * What every enrolment derives from items read in bulk (the drift check): its figures by default, or
 * what `derive` makes of it (its "who is stuck" entries); steps grouped by enrolment, phases by track.
 */
export function talliesOfItems<E extends TalliedEnrolment & { trackInstanceId: string }, S extends TalliedStep & { trackInstanceId: string }, R = TallyInput[]>(
  enrolments: E[],
  steps: S[],
  phases: Array<{ trackTemplateId: string; phaseId: string; order?: number }>,
  derive: (enrolment: E, steps: S[], phaseOrder: string[]) => R = enrolmentTallies as never,
): Map<string, R> {
  const stepsOf = new Map<string, S[]>();
  for (const step of steps) stepsOf.set(step.trackInstanceId, [...(stepsOf.get(step.trackInstanceId) ?? []), step]);
  const phasesOf = new Map<string, Array<{ phaseId: string; order?: number }>>();
  for (const phase of phases) phasesOf.set(phase.trackTemplateId, [...(phasesOf.get(phase.trackTemplateId) ?? []), phase]);
  const orderOf = (trackTemplateId: string) => [...(phasesOf.get(trackTemplateId) ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).map((phase) => phase.phaseId);
  return new Map(
    enrolments.map((enrolment) => {
      const open = enrolment.status === 'Open';
      return [enrolment.trackInstanceId, derive(enrolment, open ? (stepsOf.get(enrolment.trackInstanceId) ?? []) : [], open ? orderOf(enrolment.trackTemplateId) : [])];
    }),
  );
}
