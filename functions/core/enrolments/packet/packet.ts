import { EXPORT_LINK_SECONDS } from '../../../../shared/files/data-exports';
import { NO_FINISHED_PACKET, PACKET_EXPIRED, PACKET_RUNNING, type PacketResult } from '../../../../shared/api/candidate-packet';
import { getJob, type JobItem } from '../../../db/jobs';
import { newId } from '../../../db/ids';
import { db } from '../../../db/service';
import { isConditionFailure } from '../../../db/versioned';
import { deleteObject, presignDownloadFor } from '../../../lib/adapters/storage';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import { log } from '../../../lib/log';
import { flushReads, noteRead } from '../../read-log/read-write';
import type { AuthContext } from '../../session/resolve-session';
import { requirePacketReader } from './packet-access';
import { PACKET_JOB_KIND, packetJobId, packetKey, type PacketInput } from './packet-job';

/**
 * The candidate packet (issue 27, item 5; docs/security.md "Candidate packet"): whoever may open an
 * enrolment, or sits on a committee of its track (requirePacketReader: 404 for none, 403 for anyone
 * else), makes a PDF of it. As a data
 * export does (people/data-export/data-export.ts): the job's id derives from the enrolment and the
 * requester, so one packet of an enrolment per requester runs at a time (409 while it runs), and a
 * new one replaces a finished one, whose file is deleted.
 */

const FINISHED = new Set(['succeeded', 'failed']);

export async function startPacket(auth: AuthContext, trackInstanceId: string, pageSize: PacketInput['pageSize']): Promise<{ jobId: string }> {
  const { instance } = await requirePacketReader(auth, trackInstanceId);
  const jobId = packetJobId(trackInstanceId, auth.userId);
  const previous = await getJob(jobId);
  if (previous && !FINISHED.has(previous.status)) throw new ConflictError(PACKET_RUNNING);
  const input: PacketInput = { trackInstanceId, requesterId: auth.userId, packetId: newId(), pageSize };
  const title = `Candidate packet of ${instance.participant.firstName} ${instance.participant.lastName}`;
  try {
    await db()
      .entities.job.put({ jobId, kind: PACKET_JOB_KIND, ownerId: auth.userId, title, input, status: 'queued', done: 0, steps: 0 })
      // Created, or put over the finished packet it replaces (not over one that started meanwhile).
      .where((attributes, operations) =>
        previous ? `${operations.eq(attributes.status, previous.status)} AND ${operations.eq(attributes.updatedAt, previous.updatedAt)}` : operations.notExists(attributes.jobId),
      )
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError(PACKET_RUNNING);
    throw error;
  }
  if (previous) await removePacket(previous);
  return { jobId };
}

async function removePacket(job: JobItem): Promise<void> {
  await deleteObject(packetKey(job.jobId, job.input as PacketInput)).catch((error: unknown) => log('warn', 'packet not deleted', { jobId: job.jobId, error: String(error) }));
}

/**
 * The download link of the caller's finished packet of this enrolment, while they may still open it
 * (decided again now); never another requester's (their id derives another job: the 404 of none).
 * The read goes to the candidate's read-access log before the link is signed; a packet past
 * EXPORT_ARCHIVE_DAYS is deleted and refused.
 */
export async function packetLink(auth: AuthContext, trackInstanceId: string): Promise<{ url: string; name: string }> {
  const { instance } = await requirePacketReader(auth, trackInstanceId);
  const job = await getJob(packetJobId(trackInstanceId, auth.userId));
  if (!job || job.ownerId !== auth.userId || job.kind !== PACKET_JOB_KIND || job.status !== 'succeeded') throw new NotFoundError(NO_FINISHED_PACKET);
  const result = job.result as PacketResult;
  if (Date.parse(result.expiresAt) <= Date.now()) {
    await removePacket(job);
    throw new NotFoundError(PACKET_EXPIRED);
  }
  noteRead({ ownerId: instance.participantId, kind: 'packet', objectId: job.jobId, label: 'Candidate packet', trackInstanceId, screen: 'candidate-packet' });
  await flushReads();
  return { url: await presignDownloadFor(packetKey(job.jobId, job.input as PacketInput), result.fileName, EXPORT_LINK_SECONDS), name: result.fileName };
}
