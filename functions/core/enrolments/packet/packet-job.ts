import { createHash } from 'node:crypto';
import { EXPORT_ARCHIVE_DAYS, EXPORT_PREFIX } from '../../../../shared/files/data-exports';
import type { PacketResult } from '../../../../shared/api/candidate-packet';
import { loadUserAggregate } from '../../../db/access/user-aggregate';
import { JobFailure, type JobItem, type JobKind } from '../../../db/jobs';
import { db } from '../../../db/service';
import { deleteObject, putObject, readObjectStream } from '../../../lib/adapters/storage';
import { ForbiddenError, NotFoundError } from '../../../lib/errors';
import { writePdf } from '../../../lib/pdf/pdf-writer';
import { gatherEnrolment } from '../../people/data-export/export-gather';
import { authContextOf, type AuthContext } from '../../session/resolve-session';
import { findInstance } from '../instance-access';
import { requirePacketReader } from './packet-access';
import { packetBlocks, utcTime, type GatheredEnrolment, type PacketProfile } from './packet-document';

/**
 * The candidate packet's job (issue 27, item 5), started by packet.ts. Two steps: the enrolment read
 * with the requester's rights as they are now (gatherEnrolment: the step pages' own visibility, the
 * file service's) and staged as JSON under the packet's prefix; then the PDF laid out
 * (packet-document.ts), written (lib/pdf) as one object beside it, and the staged part deleted. The
 * objects live under the data exports' prefix, so the bucket's rule deletes them after
 * EXPORT_ARCHIVE_DAYS. Each step only (re)writes its own objects: repeated after a crash it writes
 * the same again.
 */
export const PACKET_JOB_KIND = 'enrolment.packet';

export interface PacketInput {
  trackInstanceId: string;
  requesterId: string;
  /** A fresh id per packet: its objects' prefix, so a new packet never mixes with an earlier one. */
  packetId: string;
  pageSize: 'A4' | 'Letter';
}

interface Staged {
  profile: PacketProfile;
  enrolment: GatheredEnrolment;
  /** A committee member's packet: only the steps of their committee's votes. */
  committeeOnly?: boolean;
}

/** One packet per enrolment and requester: a digest of the pair, so it fits a job route's id. */
export function packetJobId(trackInstanceId: string, requesterId: string): string {
  return `packet-${createHash('sha256').update(`${trackInstanceId}\u0000${requesterId}`).digest('hex').slice(0, 40)}`;
}

const packetFolder = (jobId: string, input: PacketInput) => `${EXPORT_PREFIX}${jobId}/${input.packetId}/`;
/** The PDF's object key. */
export const packetKey = (jobId: string, input: PacketInput) => `${packetFolder(jobId, input)}candidate-packet.pdf`;
const stagedKey = (jobId: string, input: PacketInput) => `${packetFolder(jobId, input)}staging/enrolment.json`;

/** The name the PDF is saved under: the candidate and the day. */
export function packetFileName(lastName: string, firstName: string, madeAt: string): string {
  const name = `${lastName}-${firstName}`.normalize('NFD').replace(/[^A-Za-z0-9-]+/g, '').slice(0, 60) || 'candidate';
  return `candidate-packet-${name}-${madeAt.slice(0, 10)}.pdf`;
}

/** The requester as they are now: an inactive one's packet stops. */
async function requesterContext(job: JobItem & { input: PacketInput }): Promise<AuthContext> {
  const aggregate = await loadUserAggregate(job.input.requesterId, { consistent: true });
  if (!aggregate || aggregate.user.inactive) throw new JobFailure('The person who asked for this packet can no longer sign in.');
  return authContextOf(aggregate, { sessionId: `job:${job.jobId}` });
}

/** The candidate's summary: the enrolment's copy of their name and email, and the place it was made in. */
async function profileOf(trackInstanceId: string): Promise<PacketProfile> {
  const instance = await findInstance(trackInstanceId);
  if (!instance) throw new JobFailure('This enrolment no longer exists.');
  const placeId = instance.districtId ?? instance.conferenceId;
  const { data: place } = await db().entities.location.get({ locationId: placeId }).go();
  return { firstName: instance.participant.firstName, lastName: instance.participant.lastName, email: instance.participant.email ?? '', location: place?.name ?? '' };
}

async function stagedJson(key: string): Promise<Staged> {
  const stream = await readObjectStream(key);
  if (!stream) throw new Error(`Staged part ${key} is missing.`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Staged;
}

export const packetJob: JobKind<PacketInput> = {
  async step(job) {
    const input = job.input;
    const auth = await requesterContext(job);
    if (!job.cursor) {
      let part;
      let committeeOnly = false;
      try {
        // Who may read the enrolment is decided again now, by the same checks as the routes and its pages.
        ({ committeeOnly } = await requirePacketReader(auth, input.trackInstanceId));
        part = await gatherEnrolment(auth, input.trackInstanceId, { history: false, committeeOnly });
      } catch (error) {
        if (error instanceof ForbiddenError || error instanceof NotFoundError) throw new JobFailure('You may no longer open this enrolment.');
        throw error;
      }
      const staged: Staged = { profile: await profileOf(input.trackInstanceId), enrolment: part.enrolment as unknown as GatheredEnrolment, committeeOnly };
      await putObject(stagedKey(job.jobId, input), JSON.stringify(staged), { contentType: 'application/json' });
      return { done: 1, total: 2, cursor: { staged: true } };
    }
    const { profile, enrolment, committeeOnly } = await stagedJson(stagedKey(job.jobId, input));
    const madeAt = new Date();
    const readerName = `${auth.user.firstName ?? ''} ${auth.user.lastName ?? ''}`.trim() || auth.userId;
    const watermark = `Prepared for ${readerName} on ${utcTime(madeAt.toISOString())}. Confidential.`;
    const { bytes: pdf, pages } = writePdf({
      title: `Candidate packet: ${profile.firstName} ${profile.lastName}`,
      lang: 'en-US',
      pageSize: input.pageSize,
      watermark,
      createdAt: madeAt,
      blocks: packetBlocks(profile, enrolment, readerName, madeAt.toISOString(), Boolean(committeeOnly)),
    });
    await putObject(packetKey(job.jobId, input), pdf, { contentType: 'application/pdf', contentLength: pdf.length });
    await deleteObject(stagedKey(job.jobId, input));
    const result: PacketResult = {
      fileName: packetFileName(profile.lastName, profile.firstName, madeAt.toISOString()),
      bytes: pdf.length,
      pages,
      expiresAt: new Date(madeAt.getTime() + EXPORT_ARCHIVE_DAYS * 24 * 3600 * 1000).toISOString(),
    };
    return { done: 1, total: 2, finished: true, result };
  },
};
