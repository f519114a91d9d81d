import { JobFailure, type JobKind, type JobItem } from '../../db/jobs';
import { db } from '../../db/service';
import { batchGet, transact } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { HttpError } from '../../lib/errors';
import { TRACK_NAME_MAX } from '../../../shared/schemas/track';
import { projectEnrolmentsNow } from '../enrolments/enrolment-projector';
import { eventWrites } from '../outbox/instance-events';
import { jobActor } from '../records/design-records';
import { copiedId, copyStepChunk, readSource } from '../tracks/design-copy';
import { finishTrackCopy } from '../tracks/track-copy-finish';
import type { TrackTemplateItem } from '../tracks/track-store';
import { TRANSFERS_LINK } from './transfer-decision';
import { moveEnrolment, type TrackCopy } from './transfer-move';
import { movePersonPlaces } from './transfer-person';
import { nameOf, readTransfer, releaseOpenClaim, type TransferItem } from './transfer-store';

/** What approval stores on the job: the transfer, and the tracks of the enrolments it moves (fixed then). */
export interface TransferJobInput {
  transferId: string;
  sourceTrackIds: string[];
}

type Cursor = { stage: 'copy'; track: number; after?: string } | { stage: 'move'; enrolment: number } | { stage: 'person' } | { stage: 'finish' };

/** The name of a track's copy in the receiving conference: it says where the candidate came from. */
export const copyNameOf = (sourceName: string, fromConferenceName: string) => `${sourceName} (from ${fromConferenceName})`.slice(0, TRACK_NAME_MAX);

/**
 * The `enrolment.transfer` job (issue 26, item 4), started by approval (transfer-decision.ts):
 *
 * 1. each track of the moving enrolments is copied into the receiving conference (design-copy.ts,
 *    ids derived from the job), not linked to its source, so either conference may later change
 *    or delete its own;
 * 2. each enrolment moves onto its track's copy (transfer-move.ts), steps first, then one flip;
 * 3. the candidate's places move (transfer-person.ts);
 * 4. the transfer completes: the claim is given up; the candidate and both admins are told.
 *
 * Every stage is safe to repeat. Each enrolment is whole on one side at every moment, so a job
 * that fails part way (a copy that cannot be written) leaves both conferences whole: the
 * transfer says failed, the enrolments not flipped stay with the sending conference.
 */
export const transferJob: JobKind<TransferJobInput> = {
  async step(job) {
    const transfer = await readTransfer(job.input.transferId);
    if (!transfer || transfer.status !== 'moving') return { done: 0, finished: true, result: { skipped: true } };
    const cursor: Cursor = (job.cursor as Cursor | undefined) ?? { stage: 'copy', track: 0 };
    const total = job.input.sourceTrackIds.length + transfer.trackInstanceIds!.length + 1;
    try {
      return { total, ...(await runStage(job, transfer, cursor)) };
    } catch (error) {
      if (error instanceof HttpError && !(error.status === 409)) await failTransfer(transfer, error.message);
      throw error instanceof HttpError && error.status !== 409 ? new JobFailure(error.message) : error;
    }
  },
};

async function runStage(job: JobItem & { input: TransferJobInput }, transfer: TransferItem, cursor: Cursor): Promise<{ done: number; cursor?: Cursor; finished?: boolean; result?: unknown }> {
  const sources = job.input.sourceTrackIds;
  if (cursor.stage === 'copy') {
    if (cursor.track >= sources.length) return { done: 0, cursor: { stage: 'move', enrolment: 0 } };
    const next: Cursor = { stage: 'copy', track: cursor.track + 1 };
    const source = await readSource(sources[cursor.track]);
    // A track deleted since approval took its enrolments with it: nothing of it moves.
    if (!source) return { done: 1, cursor: next };
    const chunk = await copyStepChunk(job, source, copiedId(job, source.track.trackTemplateId), cursor.after);
    if (chunk.copied) return { done: 0, cursor: { ...cursor, after: chunk.last } };
    const spec = { name: copyNameOf(source.track.name, transfer.fromConferenceName), description: source.track.description, conferenceId: transfer.toConferenceId, action: 'track.transferred', linked: false };
    const outcome = await finishTrackCopy(job, source, await jobActor(job), spec);
    return outcome === 'moved' ? { done: 0, cursor } : { done: 1, cursor: next };
  }
  if (cursor.stage === 'move') {
    const ids = transfer.trackInstanceIds ?? [];
    if (cursor.enrolment >= ids.length) return { done: 0, cursor: { stage: 'person' } };
    const [copies, actor] = await Promise.all([copiesOf(job, sources), jobActor(job)]);
    const outcome = await moveEnrolment(ids[cursor.enrolment], { job, transfer, copies, actor });
    if (outcome === 'steps') return { done: 0, cursor };
    await projectEnrolmentsNow([ids[cursor.enrolment]], 'job');
    return { done: 1, cursor: { stage: 'move', enrolment: cursor.enrolment + 1 } };
  }
  if (cursor.stage === 'person') {
    await movePersonPlaces(transfer, await jobActor(job));
    return { done: 0, cursor: { stage: 'finish' } };
  }
  await completeTransfer(transfer);
  return { done: 1, finished: true, result: { transferId: transfer.transferId, enrolments: transfer.trackInstanceIds?.length ?? 0 } };
}

/** The copies made so far, by source id (a copy not yet written is left out). */
async function copiesOf(job: JobItem, sourceIds: readonly string[]): Promise<Map<string, TrackCopy>> {
  const ids = new Map(sourceIds.map((sourceId) => [copiedId(job, sourceId), sourceId]));
  const found = await batchGet<TrackTemplateItem>(db().entities.trackTemplate, [...ids.keys()].map((trackTemplateId) => ({ trackTemplateId })), { consistent: true });
  return new Map(found.map((copy) => [ids.get(copy.trackTemplateId)!, { trackTemplateId: copy.trackTemplateId, name: copy.name }]));
}

async function completeTransfer(transfer: TransferItem): Promise<void> {
  const who = nameOf(transfer.participant);
  await transact([
    (tx) => tx.enrolmentTransfer.patch({ transferId: transfer.transferId }).set({ status: 'completed', completedAt: new Date().toISOString() }).add({ version: 1 }).where(ifVersion(transfer.version)).commit(),
    releaseOpenClaim(transfer.participantId, transfer.transferId),
    ...eventWrites({ recipientIds: [transfer.participantId], message: `Your records are now with ${transfer.toConferenceName}, ${transfer.toLocationName}.`, link: '/' }),
    ...eventWrites({
      recipientIds: [transfer.requestedBy.userId, transfer.decidedBy?.userId ?? ''],
      message: `The transfer of ${who} from ${transfer.fromConferenceName} to ${transfer.toConferenceName} is complete.`,
      link: TRANSFERS_LINK,
    }),
  ]);
}

async function failTransfer(transfer: TransferItem, message: string): Promise<void> {
  await transact([
    (tx) => tx.enrolmentTransfer.patch({ transferId: transfer.transferId }).set({ status: 'failed', reason: message }).add({ version: 1 }).where(ifVersion(transfer.version)).commit(),
    releaseOpenClaim(transfer.participantId, transfer.transferId),
    ...eventWrites({ recipientIds: [transfer.requestedBy.userId, transfer.decidedBy?.userId ?? ''], message: `The transfer of ${nameOf(transfer.participant)} could not be completed: ${message}`, link: TRANSFERS_LINK }),
  ]).catch(() => undefined);
}
