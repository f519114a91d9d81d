import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

/** A track written straight to the table in the conference (the routes under test are not used to set up). */
async function trackOf(conferenceId: string, tag: string): Promise<string> {
  const trackTemplateId = `matrix-enrol-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId, name: `Matrix enrol ${tag}`, description: 'Matrix', conferenceId, status: 'active' }).go();
  return trackTemplateId;
}

/** An enrolment of the target user in their district, written straight to the table (no assignees: the actor is never one). */
async function instanceOf(target: Target, tag: string): Promise<string> {
  const { data: district } = await db().entities.location.get({ locationId: target.chain.District }).go();
  const trackTemplateId = await trackOf(target.chain.Conference, tag);
  const trackInstanceId = `matrix-instance-${newId().toLowerCase()}`;
  await db()
    .entities.trackInstance.create({
      trackInstanceId,
      trackTemplateId,
      trackName: `Matrix enrol ${tag}`,
      conferenceId: target.chain.Conference,
      districtId: target.chain.District,
      ancestorIds: district!.ancestorIds,
      participantId: target.userId,
      participant: { firstName: 'Matrix', lastName: 'Participant', email: 'matrix.participant@example.org' },
      sortName: 'participant matrix',
    })
    .go();
  return trackInstanceId;
}

const shared = new Map<string, Promise<string>>();
/** One enrolment per target for the reads. */
export const sharedInstanceOf = (target: Target) => {
  const key = `${target.side} ${target.userId} ${target.chain.District}`;
  if (!shared.has(key)) shared.set(key, instanceOf(target, `shared ${key}`));
  return shared.get(key)!;
};

/** Track instances: own = an enrolment of a user in the actor's scope, in their district; other = one outside it. */
export const INSTANCE_CALLS: Record<string, CallBuilder> = {
  'track.createInstance': async (t, tag) => ({ path: '/api/track/instance', method: 'POST', body: { trackId: await trackOf(t.chain.Conference, tag), participantIds: [t.userId], advisorIds: ['demo-advisor'], locationId: t.chain.District } }),
  'track.trackInstance': async (t) => ({ path: `/api/track/track-instance/${await sharedInstanceOf(t)}` }),
  'track.verifyStepInstances': async (t) => ({ path: `/api/track/verify-step-instances/${await sharedInstanceOf(t)}` }),
  'track.updateInstance': async (t, tag) => ({ path: '/api/track/instance', method: 'PATCH', body: { id: await instanceOf(t, tag), status: 'Withdrawn', version: 1 } }),
  'track.removeInstance': async (t, tag) => ({ path: '/api/track/instance', method: 'DELETE', body: { id: await instanceOf(t, tag), version: 1 } }),
};
