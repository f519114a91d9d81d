import { db } from '../../../functions/db/service';
import { PACKET_JOB_KIND, packetJobId, type PacketInput } from '../../../functions/core/enrolments/packet/packet-job';
import type { PacketResult } from '../../../shared/api/candidate-packet';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';
import { sharedInstanceOf } from './authorization-matrix.instance-calls';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

/** The actor's finished packet of the enrolment, written straight to the table (the PDF itself is never fetched). */
async function finishedPacket(trackInstanceId: string, actor: Actor): Promise<void> {
  const jobId = packetJobId(trackInstanceId, actor.userId);
  const input: PacketInput = { trackInstanceId, requesterId: actor.userId, packetId: 'matrix', pageSize: 'A4' };
  const result: PacketResult = { fileName: 'candidate-packet-matrix.pdf', bytes: 100, pages: 1, expiresAt: new Date(Date.now() + 86_400_000).toISOString() };
  await db().entities.job.put({ jobId, kind: PACKET_JOB_KIND, ownerId: actor.userId, title: 'Matrix packet', input, status: 'succeeded', done: 2, total: 2, steps: 2, result }).go();
}

/** The candidate packet (rows in authorization-matrix.packet-expected.ts): of the target's enrolment in its district. */
export const PACKET_CALLS: Record<string, CallBuilder> = {
  'track.startPacket': async (t) => ({ path: `/api/track/track-instance/${await sharedInstanceOf(t)}/packet`, method: 'POST', body: {} }),
  'track.packetLink': async (t, _tag, actor) => {
    const trackInstanceId = await sharedInstanceOf(t);
    await finishedPacket(trackInstanceId, actor);
    return { path: `/api/track/track-instance/${trackInstanceId}/packet/link` };
  },
};
