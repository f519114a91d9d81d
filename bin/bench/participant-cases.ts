import { DEMO_INSTANCE_IDS } from '../../functions/db/seed/demo-tracks';
import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { demoUserByRole } from '../../functions/db/seed/demo-people';
import { enrolmentTableItems } from '../../functions/db/seed/large-enrolments';
import { parallelWriter } from '../../functions/db/seed/large-writer';
import { db } from '../../functions/db/service';
import { AS } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { forEachConcurrently } from './fixtures';

/**
 * The participants table and assignments. Writes each work on an enrolment of their own, written
 * straight to the table in a track made for the run (the demo advisor assigned), removed after.
 */
const WRITE_CALLS = 50;
const ADVISOR = 'role-advisor';
const INTERVIEWER = 'role-interviewer';
const advisor = demoUserByRole('Advisor');
const interviewer = demoUserByRole('Interviewer');

export interface TableEnrolments {
  trackTemplateId: string;
  instanceIds: string[];
}

/** A track made for the run with `calls` enrolments written straight to the table (large-enrolments.ts: no step instances). */
export async function tableEnrolments(ctx: BenchContext, calls: number, label: string): Promise<TableEnrolments> {
  const body = { name: `Bench ${label} ${ctx.runId}`, description: 'Made by the benchmark', conferenceId: DEMO_LOCATION_IDS.conference1 };
  const { id: trackTemplateId } = await ctx.api<{ id: string }>(AS.conferenceAdmin, 'POST', '/api/track/create-track-template', body);
  const writer = parallelWriter();
  await writer.put(
    enrolmentTableItems({
      trackTemplateId,
      trackName: body.name,
      conferenceId: DEMO_LOCATION_IDS.conference1,
      districtId: DEMO_LOCATION_IDS.district1,
      count: calls,
      advisors: [{ userId: advisor.id, firstName: advisor.firstName, lastName: advisor.lastName, email: advisor.email }],
    }),
  );
  await writer.flush();
  return { trackTemplateId, instanceIds: Array.from({ length: calls }, (_, n) => `${trackTemplateId}-instance-${String(n).padStart(6, '0')}`) };
}

/** Removes the run's enrolments with their assignee items, then the track. */
export async function removeTableEnrolments(ctx: BenchContext, made: TableEnrolments): Promise<void> {
  await forEachConcurrently(made.instanceIds, async (trackInstanceId) => {
    const { data } = await db().entities.trackAssignee.query.byInstance({ trackInstanceId }).go();
    await Promise.all([db().entities.trackInstance.delete({ trackInstanceId }).go(), ...data.map((item) => db().entities.trackAssignee.delete(item).go())]);
  });
  await ctx.api(AS.conferenceAdmin, 'POST', `/api/track/delete-track/${made.trackTemplateId}`);
}

const onEnrolments = (label: string, method: string, path: string, each: (instanceId: string) => { path?: string; body: unknown }) =>
  benchCase<TableEnrolments>({
    as: AS.conferenceAdmin,
    method,
    path,
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => tableEnrolments(ctx, calls, label),
    each: (call, made) => each(made.instanceIds[call]),
    cleanUp: removeTableEnrolments,
    singleItem: true,
  });

export const PARTICIPANT_CASES: Record<string, BenchCase> = {
  'track.instances': { as: AS.conferenceAdmin, method: 'POST', path: `/api/track/${DEMO_INSTANCE_IDS.trackTemplate}/true/instances`, body: { limit: 10, offset: 0 } },
  'track.advisors': { as: AS.conferenceAdmin, path: `/api/track/${DEMO_INSTANCE_IDS.trackTemplate}/advisors` },
  'track.trackAssignees': { as: AS.advisor, path: `/api/track/track-assignees/${DEMO_INSTANCE_IDS.trackInstance}` },
  'track.assign': onEnrolments('assign', 'POST', '/api/track/assign', (trackInstanceId) => ({ body: { trackInstanceId, assigneeIds: [interviewer.id], roleId: INTERVIEWER } })),
  'track.reassign': onEnrolments('reassign', 'PATCH', '/api/track/reassign', (trackInstanceId) => ({ body: { trackInstanceId, assigneeIds: [interviewer.id], roleId: INTERVIEWER, version: 1 } })),
  'track.unassign': onEnrolments('unassign', 'DELETE', '/api/track/unassign', (trackInstanceId) => ({
    path: `/api/track/${trackInstanceId}/unassign`,
    body: { assigneeIds: [advisor.id], roleId: ADVISOR },
  })),
  // Starts the job (202); the local runtime runs it beside the timed calls, one enrolment each.
  'track.instancesBulk': benchCase<TableEnrolments>({
    as: AS.conferenceAdmin,
    method: 'POST',
    path: '/api/track/{trackTemplateId}/instances/bulk',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => tableEnrolments(ctx, calls, 'bulk'),
    each: (call, made) => ({ path: `/api/track/${made.trackTemplateId}/instances/bulk`, body: { action: 'setStatus', status: 'Withdrawn', rows: [{ id: made.instanceIds[call], version: 1 }] } }),
    cleanUp: removeTableEnrolments,
    singleItem: true,
  }),
  'track.removeAdvisorFromInstances': onEnrolments('remove advisor', 'DELETE', '/api/track/removeAdvisorFromInstances', (trackInstanceId) => ({
    body: { advisorId: advisor.id, trackInstanceIds: [trackInstanceId] },
  })),
};
