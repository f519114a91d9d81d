import { db } from '../../db/service';
import { readInstanceSummary } from '../enrolments/instance-read';
import { STEP_PARTS_MAX } from '../../../shared/api/limits';
import { transact, type TransactionItem, type TransactionWrite } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { ConflictError } from '../../lib/errors';
import { enrolmentClaim } from '../enrolments/enrol-writes';
import type { TrackInstanceItem } from '../enrolments/instance-access';
import { enrolmentEntry } from '../records/enrolment-records';
import type { AuditActor } from '../records/audit-write';
import { copiedId, type CopyJob } from '../tracks/design-copy';
import type { TransferItem } from './transfer-store';

/**
 * Moving one enrolment under the receiving conference (transfer-job.ts). The enrolment keeps
 * its id, so its files, answers, decisions, ballots, interviews and History stay where they are;
 * what changes is what it points at: each step, content and action instance moves to its
 * template's copy (made for the transfer, ids derived from the job: `copiedId`), one step with
 * its parts per transaction, conditioned on the step still pointing at the source (a repeat
 * skips it). While steps move, both tracks exist, so the enrolment reads whole at any moment.
 * Then one transaction flips the enrolment itself: its track, conference and district, its
 * enrolment claim and both tracks' counts, its assignees (people of the sending conference)
 * removed, and an entry in its History for each conference.
 */
const STEPS_PER_RUN = 10;

type Summary = { instance: TrackInstanceItem | undefined; steps: Array<{ stepInstanceId: string; trackTemplateId: string; phaseId: string; stepTemplateId: string }>; assignees: Array<{ roleId: string; assigneeId: string }> };

async function readSummary(trackInstanceId: string): Promise<Summary> {
  const summary = await readInstanceSummary(trackInstanceId);
  return { instance: summary?.instance as TrackInstanceItem | undefined, steps: summary?.steps ?? [], assignees: summary?.assignees ?? [] };
}

async function stepMoveWrites(job: CopyJob, trackInstanceId: string, step: Summary['steps'][number], copyTrackId: string): Promise<TransactionItem[]> {
  const key = { trackInstanceId, stepInstanceId: step.stepInstanceId };
  const [contents, actions] = await Promise.all([
    // A step holds at most STEP_PARTS_MAX contents and as many actions.
    db().entities.stepContentInstance.query.byInstance(key).go({ consistent: true, limit: STEP_PARTS_MAX }),
    db().entities.stepActionInstance.query.byInstance(key).go({ consistent: true, limit: STEP_PARTS_MAX }),
  ]);
  const sourceTrackId = step.trackTemplateId;
  return [
    {
      write: (tx) =>
        tx.stepInstance
          .patch(key)
          .set({ trackTemplateId: copyTrackId, phaseId: copiedId(job, step.phaseId), stepTemplateId: copiedId(job, step.stepTemplateId) })
          .where((attributes, operations) => operations.eq(attributes.trackTemplateId, sourceTrackId))
          .commit(),
      // Moved by an earlier try: nothing of this transaction was written again.
      onConditionFailed: () => new ConflictError('moved'),
    },
    ...contents.data.map((part): TransactionWrite => (tx) => tx.stepContentInstance.patch({ ...key, contentInstanceId: part.contentInstanceId }).set({ contentTemplateId: copiedId(job, part.contentTemplateId) }).commit()),
    ...actions.data.map((part): TransactionWrite => (tx) => tx.stepActionInstance.patch({ ...key, actionInstanceId: part.actionInstanceId }).set({ actionTemplateId: copiedId(job, part.actionTemplateId) }).commit()),
  ];
}

/** Where the enrolment sits in the receiving conference: the district (a church's parent) and its chain. */
export function receivingDistrict(transfer: Pick<TransferItem, 'toLocationKind' | 'toAncestorIds'>): { districtId: string; ancestorIds: string[] } {
  const ancestorIds = transfer.toLocationKind === 'Church' ? transfer.toAncestorIds.slice(0, -1) : transfer.toAncestorIds;
  return { districtId: ancestorIds[ancestorIds.length - 1], ancestorIds };
}

/** A track's copy made for the transfer. */
export interface TrackCopy {
  trackTemplateId: string;
  name: string;
}

export interface MoveTarget {
  job: CopyJob;
  transfer: TransferItem;
  /** By source track id. */
  copies: ReadonlyMap<string, TrackCopy>;
  actor: AuditActor;
}

/**
 * One bounded run on one enrolment: 'steps' when some steps moved (run again), 'moved' when the
 * enrolment is under the receiving conference (now or before), 'gone' when it was removed.
 */
export async function moveEnrolment(trackInstanceId: string, target: MoveTarget): Promise<'steps' | 'moved' | 'gone'> {
  const { instance, steps, assignees } = await readSummary(trackInstanceId);
  if (!instance) return 'gone';
  // Pointing at a copy already: flipped by an earlier try.
  const copy = target.copies.get(instance.trackTemplateId);
  if (!copy) return 'moved';
  const waiting = steps.filter((step) => step.trackTemplateId !== copy.trackTemplateId).slice(0, STEPS_PER_RUN);
  if (waiting.length) {
    const moves = await Promise.all(waiting.map((step) => stepMoveWrites(target.job, trackInstanceId, step, copy.trackTemplateId)));
    for (const writes of moves) await transact(writes).catch((error) => { if (!(error instanceof ConflictError && error.message === 'moved')) throw error; });
    return 'steps';
  }
  await transact(flipWrites(instance, assignees, copy, target));
  return 'moved';
}

function flipWrites(instance: TrackInstanceItem, assignees: Summary['assignees'], copy: TrackCopy, target: MoveTarget): TransactionItem[] {
  const { transfer, actor } = target;
  const { trackTemplateId: copyTrackId, name: copyTrackName } = copy;
  const now = new Date().toISOString();
  const moved: TrackInstanceItem = {
    ...instance,
    trackTemplateId: copyTrackId,
    trackName: copyTrackName,
    conferenceId: transfer.toConferenceId,
    ...receivingDistrict(transfer),
    assignees: [],
    version: instance.version + 1,
    updatedAt: now,
  };
  const { trackInstanceId, participantId } = instance;
  return [
    { write: (tx) => tx.trackInstance.put(moved).where(ifVersion(instance.version)).commit(), onConditionFailed: () => new ConflictError() },
    (tx) => tx.claim.delete(enrolmentClaim(instance.trackTemplateId, participantId)).commit(),
    (tx) => tx.claim.put({ ...enrolmentClaim(copyTrackId, participantId), ownerId: trackInstanceId, createdAt: now }).commit(),
    (tx) => tx.trackTemplate.patch({ trackTemplateId: instance.trackTemplateId }).add({ instanceCount: -1 }).commit(),
    (tx) => tx.trackTemplate.patch({ trackTemplateId: copyTrackId }).add({ instanceCount: 1 }).commit(),
    ...assignees.map((assignee): TransactionWrite => (tx) => tx.trackAssignee.delete({ trackInstanceId, roleId: assignee.roleId, assigneeId: assignee.assigneeId }).commit()),
    // The sending conference keeps this entry (and every earlier one) in its audit trail; the receiving one starts from its own.
    enrolmentEntry(actor, instance, 'enrolment.transferred.out', 'transfer', [
      { field: 'to', after: `${transfer.toLocationName}, ${transfer.toConferenceName}` },
      ...(assignees.length ? [{ field: 'assignees', before: `${assignees.length}`, after: 'none' }] : []),
    ]),
    enrolmentEntry(actor, moved, 'enrolment.transferred.in', 'transfer', [
      { field: 'from', after: `${instance.trackName}, ${transfer.fromConferenceName}` },
      { field: 'track', after: copyTrackName },
    ]),
  ];
}
