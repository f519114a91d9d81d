import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { putEnrolment } from '../../support/enrolments';
import { putTestUser } from '../../support/test-users';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string) => MatrixCall | Promise<MatrixCall>;

const shared = new Map<string, Promise<{ trackTemplateId: string; advisorId: string; spareAdvisorId: string }>>();

/**
 * Per target chain: a track of its conference and two Advisors at its district (the first
 * assigned to every enrolment made below, the second for the assignment writes).
 */
function placeOf(t: Target) {
  const key = `${t.chain.Conference}/${t.chain.District}`;
  if (!shared.has(key)) {
    shared.set(
      key,
      (async () => {
        const trackTemplateId = `matrix-participants-${newId().toLowerCase()}`;
        await db().entities.trackTemplate.create({ trackTemplateId, name: 'Matrix participants', description: 'Matrix', conferenceId: t.chain.Conference, disabled: false, status: 'active' }).go();
        const [advisorId, spareAdvisorId] = await Promise.all(
          ['First', 'Spare'].map((name) => putTestUser({ firstName: 'Matrix', lastName: `${name} Advisor`, locationId: t.chain.District, role: 'Advisor' })),
        );
        return { trackTemplateId, advisorId, spareAdvisorId };
      })(),
    );
  }
  return shared.get(key)!;
}

/** The target user enrolled in the chain's track with its first advisor (a fresh instance: writes move its version). */
async function instanceOf(t: Target) {
  const place = await placeOf(t);
  const trackInstanceId = await putEnrolment({ trackTemplateId: place.trackTemplateId, participantId: t.userId, districtId: t.chain.District, advisorIds: [place.advisorId] });
  return { ...place, trackInstanceId };
}

/** The participants table and assignments (rows in authorization-matrix.participants-expected.ts). */
export const PARTICIPANT_CALLS: Record<string, CallBuilder> = {
  'track.instances': async (t) => {
    const { trackTemplateId } = await instanceOf(t);
    return { path: `/api/track/${trackTemplateId}/true/instances`, method: 'POST', body: { limit: 10 } };
  },
  'track.assign': async (t) => {
    const { trackInstanceId, spareAdvisorId } = await instanceOf(t);
    return { path: '/api/track/assign', method: 'POST', body: { trackInstanceId, assigneeIds: [spareAdvisorId], roleId: 'role-advisor' } };
  },
  'track.reassign': async (t) => {
    const { trackInstanceId, spareAdvisorId } = await instanceOf(t);
    return { path: '/api/track/reassign', method: 'PATCH', body: { trackInstanceId, assigneeIds: [spareAdvisorId], roleId: 'role-advisor', version: 1 } };
  },
  'track.unassign': async (t) => {
    const { trackInstanceId, advisorId } = await instanceOf(t);
    return { path: `/api/track/${trackInstanceId}/unassign`, method: 'DELETE', body: { assigneeIds: [advisorId], roleId: 'role-advisor' } };
  },
  'track.removeAdvisorFromInstances': async (t) => {
    const { trackInstanceId, advisorId } = await instanceOf(t);
    return { path: '/api/track/removeAdvisorFromInstances', method: 'DELETE', body: { advisorId, trackInstanceIds: [trackInstanceId] } };
  },
  'track.instancesBulk': async (t) => {
    const { trackTemplateId, trackInstanceId } = await instanceOf(t);
    return { path: `/api/track/${trackTemplateId}/instances/bulk`, method: 'POST', body: { action: 'setStatus', status: 'Withdrawn', rows: [{ id: trackInstanceId, version: 1 }] } };
  },
  'track.advisors': async (t) => ({ path: `/api/track/${(await instanceOf(t)).trackTemplateId}/advisors` }),
  'track.trackAssignees': async (t) => ({ path: `/api/track/track-assignees/${(await instanceOf(t)).trackInstanceId}` }),
};
