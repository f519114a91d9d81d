import type { TrackInstanceView } from '../../shared/schemas/track-instance';
import type { StepInstancePage } from '../../shared/schemas/step-instance';
import { ENROL_PARTICIPANTS_MAX } from '../../shared/schemas/track-instance';
import { DEMO_INSTANCE_IDS as ids } from '../../functions/db/seed/demo-tracks';
import { AS, demoUserId } from './accounts';
import { addPeople, deactivate } from './admin-cases';
import type { BenchContext } from './bench-case';
import { forEachConcurrently } from './fixtures';

/**
 * Fresh participants enrolled in the demo track (Candidacy Pathway) for the run, through the
 * API as the demo conference admin (a track override there) with the demo advisor: people added
 * as Add User does, then `POST track/instance` twenty at a time. Step work then happens on each
 * enrolment's own steps, and clean-up removes the enrolments (`DELETE track/instance`) and
 * deactivates the people.
 */
export const ADVISOR_ID = demoUserId(AS.advisor);

export interface Enrolment {
  userId: string;
  trackInstanceId: string;
  version: number;
  /** Step instance ids by step template id. */
  steps: Record<string, string>;
}

export async function enrolPeople(ctx: BenchContext, userIds: string[], trackId: string = ids.trackTemplate): Promise<string[]> {
  const made: string[] = [];
  for (let start = 0; start < userIds.length; start += ENROL_PARTICIPANTS_MAX) {
    const body = { trackId, participantIds: userIds.slice(start, start + ENROL_PARTICIPANTS_MAX), advisorIds: [ADVISOR_ID] };
    const outcome = await ctx.api<{ trackInstanceIds?: string[] }>(AS.conferenceAdmin, 'POST', '/api/track/instance', body);
    if (!outcome.trackInstanceIds) throw new Error('The bench enrols in tracks that fit one transaction');
    made.push(...outcome.trackInstanceIds);
  }
  return made;
}

export const trackPage = (ctx: BenchContext, trackInstanceId: string) => ctx.api<TrackInstanceView>(AS.conferenceAdmin, 'GET', `/api/track/track-instance/${trackInstanceId}`);
export const stepPage = (ctx: BenchContext, stepInstanceId: string, as: string = AS.conferenceAdmin) => ctx.api<StepInstancePage>(as, 'GET', `/api/step/step-instance/${stepInstanceId}`);

/** `count` new people, each enrolled in the track, with their step instance ids. */
export async function freshEnrolments(ctx: BenchContext, count: number, trackId: string = ids.trackTemplate): Promise<Enrolment[]> {
  const userIds = await addPeople(ctx, count);
  const instanceIds = await enrolPeople(ctx, userIds, trackId);
  const made: Enrolment[] = [];
  await forEachConcurrently(instanceIds, async (trackInstanceId) => {
    const page = await trackPage(ctx, trackInstanceId);
    const steps = Object.fromEntries(page.phases.flatMap((phase) => phase.steps.map((step) => [step.stepTemplateId, step.id])));
    made.push({ userId: page.participant.id, trackInstanceId, version: page.version, steps });
  });
  return made;
}

/** Removes the enrolments still there (on the version read now), then deactivates the people. */
export async function removeEnrolments(ctx: BenchContext, trackInstanceIds: string[], userIds: string[]): Promise<void> {
  await forEachConcurrently(
    trackInstanceIds,
    async (trackInstanceId) => {
      const page = await trackPage(ctx, trackInstanceId).catch(() => undefined);
      if (page) await ctx.api(AS.conferenceAdmin, 'DELETE', '/api/track/instance', { id: trackInstanceId, version: page.version });
    },
    // Each removal lowers the template's instanceCount.
    1,
  );
  await deactivate(ctx, userIds);
}

export const removeFresh = (ctx: BenchContext, made: Enrolment[]) =>
  removeEnrolments(
    ctx,
    made.map((enrolment) => enrolment.trackInstanceId),
    made.map((enrolment) => enrolment.userId),
  );
