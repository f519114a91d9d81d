import { DEMO_INSTANCE_IDS as ids } from '../../functions/db/seed/demo-tracks';
import { AS } from './accounts';
import { addPeople, deactivate } from './admin-cases';
import { benchCase, type BenchCase } from './bench-case';
import { ADVISOR_ID, freshEnrolments, removeEnrolments, removeFresh, type Enrolment } from './enrolment-fixtures';

/**
 * Enrolments in the demo track (Candidacy Pathway), as the demo conference admin: Add
 * Participant enrols one person added for the run per call; status changes and removals each
 * work on an enrolment of their own (enrolment-fixtures.ts). Reads: the demo participant's page.
 */
const WRITE_CALLS = 50;

const onFreshEnrolments = (method: string, body: (enrolment: Enrolment) => unknown) =>
  benchCase<Enrolment[]>({
    as: AS.conferenceAdmin,
    method,
    path: '/api/track/instance',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => freshEnrolments(ctx, calls),
    each: (call, made) => ({ body: body(made[call]) }),
    cleanUp: removeFresh,
    singleItem: true,
  });

export const ENROLMENT_CASES: Record<string, BenchCase> = {
  'track.createInstance': benchCase<string[]>({
    as: AS.conferenceAdmin,
    path: '/api/track/instance',
    calls: WRITE_CALLS,
    prepare: addPeople,
    each: (call, userIds) => ({ body: { trackId: ids.trackTemplate, participantIds: [userIds[call]], advisorIds: [ADVISOR_ID] } }),
    cleanUp: async (ctx, userIds, responses) => {
      const made = responses.flatMap((response) => (response as { trackInstanceIds?: string[] }).trackInstanceIds ?? []);
      await removeEnrolments(ctx, made, []);
      await deactivate(ctx, userIds);
    },
    singleItem: true,
  }),
  'track.updateInstance': onFreshEnrolments('PATCH', (enrolment) => ({ id: enrolment.trackInstanceId, status: 'Withdrawn', version: enrolment.version })),
  'track.removeInstance': onFreshEnrolments('DELETE', (enrolment) => ({ id: enrolment.trackInstanceId, version: enrolment.version })),
  'track.trackInstance': { as: AS.participant, path: `/api/track/track-instance/${ids.trackInstance}`, singleItem: true },
  // Safe to repeat: with every step instance there, each call reads and finds nothing to create.
  'track.verifyStepInstances': { as: AS.advisor, path: `/api/track/verify-step-instances/${ids.trackInstance}`, singleItem: true },
};
