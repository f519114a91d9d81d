import { NO_FINISHED_PACKET, PACKET_EXPIRED, PACKET_RUNNING } from '../../../../shared/api/candidate-packet';
import { newId } from '../../../db/ids';
import { fileJobLink, startFileJob, type FileJob } from '../../job-files/file-job';
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

/** The packet's job: a second start while one runs is refused (409), as is a link before it ends (404). */
const PACKET_FILE: FileJob<PacketInput> = {
  kind: PACKET_JOB_KIND,
  fileKey: packetKey,
  notDeleted: 'packet not deleted',
  running: PACKET_RUNNING,
  none: NO_FINISHED_PACKET,
  expired: PACKET_EXPIRED,
  startWhileRunning: 'refuse',
  linkWhileRunning: 'none',
};

export async function startPacket(auth: AuthContext, trackInstanceId: string, pageSize: PacketInput['pageSize']): Promise<{ jobId: string }> {
  const { instance } = await requirePacketReader(auth, trackInstanceId);
  const input: PacketInput = { trackInstanceId, requesterId: auth.userId, packetId: newId(), pageSize };
  const title = `Candidate packet of ${instance.participant.firstName} ${instance.participant.lastName}`;
  return { jobId: await startFileJob(PACKET_FILE, { jobId: packetJobId(trackInstanceId, auth.userId), ownerId: auth.userId, title, input }) };
}

/**
 * The download link of the caller's finished packet of this enrolment, while they may still open it
 * (decided again now); never another requester's (their id derives another job: the 404 of none).
 * The read goes to the candidate's read-access log before the link is signed; a packet past
 * EXPORT_ARCHIVE_DAYS is deleted and refused.
 */
export async function packetLink(auth: AuthContext, trackInstanceId: string): Promise<{ url: string; name: string }> {
  const { instance } = await requirePacketReader(auth, trackInstanceId);
  return fileJobLink(PACKET_FILE, packetJobId(trackInstanceId, auth.userId), auth.userId, {
    beforeSigning: async (job) => {
      noteRead({ ownerId: instance.participantId, kind: 'packet', objectId: job.jobId, label: 'Candidate packet', trackInstanceId, screen: 'candidate-packet' });
      await flushReads();
    },
  });
}
