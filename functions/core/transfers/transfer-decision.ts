import { TRANSFER_MESSAGES, type TransferView } from '../../../shared/schemas/transfer';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import { newJob } from '../../db/jobs';
import { db } from '../../db/service';
import { transact, type TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../lib/errors';
import { eventWrites } from '../outbox/instance-events';
import { holdsOn } from '../retention/legal-holds';
import { auditActorOf } from '../records/audit-write';
import type { AuthContext } from '../session/resolve-session';
import { transferChanges, transferPersonEntry } from './transfer-records';
import { assertRequested, enrolmentsByConference, requireTransferSide } from './transfer-request';
import { nameOf, releaseOpenClaim, requireTransfer, TRANSFER_JOB_KIND, type TransferItem } from './transfer-store';
import { transferView } from './transfer-view';

/** Where people follow a transfer: the Transfers tab of the Admin page. */
export const TRANSFERS_LINK = '/admin/transfers';

/** Action instances one vote check reads per page; an enrolment holds far fewer. */
const ACTIONS_PAGE = 500;

/** Whether any of the enrolments has a committee vote open (its members could still vote after the move). */
async function hasOpenVote(trackInstanceIds: readonly string[]): Promise<boolean> {
  for (const trackInstanceId of trackInstanceIds) {
    let cursor: string | null = null;
    do {
      const page: { data: unknown[]; cursor: string | null } = await db()
        .entities.stepActionInstance.query.byInstance({ trackInstanceId })
        .where((attributes, operations) => operations.eq(attributes.voteState, 'open'))
        .go({ limit: ACTIONS_PAGE, cursor, consistent: true });
      if (page.data.length) return true;
      cursor = page.cursor;
    } while (cursor);
  }
  return false;
}

/** A legal hold on the person or an enrolment keeps the records where the conference that placed it governs them. */
async function isHeld(userId: string, trackInstanceIds: readonly string[]): Promise<boolean> {
  const holds = await Promise.all([holdsOn({ userId }), ...trackInstanceIds.map((trackInstanceId) => holdsOn({ trackInstanceId }))]);
  return holds.some((found) => found.length > 0);
}

function decisionWrite(transfer: TransferItem, version: number, changes: Record<string, unknown>): TransactionItem {
  return {
    write: (tx) => tx.enrolmentTransfer.patch({ transferId: transfer.transferId }).set(changes).add({ version: 1 }).where(ifVersion(version)).commit(),
    onConditionFailed: () => new ConflictError(),
  };
}

/**
 * The sending conference approves: the enrolments to move are fixed now (every enrolment of the
 * candidate in the sending conference's tracks), and the `enrolment.transfer` job is created in
 * the same transaction (transfer-job.ts). The candidate and the requester are told.
 */
export async function approveTransfer(auth: AuthContext, transferId: string, input: { version: number }): Promise<TransferView> {
  const { transfer, sides } = await requireTransferSide(auth, transferId, 'sending');
  assertRequested(transfer, input.version);
  const target = await loadUserAggregate(transfer.participantId);
  if (!target) throw new NotFoundError('User not found.');
  const enrolments = (await enrolmentsByConference(transfer.participantId)).get(transfer.fromConferenceId) ?? [];
  const trackInstanceIds = enrolments.map((instance) => instance.trackInstanceId);
  if (await hasOpenVote(trackInstanceIds)) throw new BusinessRuleError(TRANSFER_MESSAGES.openVote);
  if (await isHeld(transfer.participantId, trackInstanceIds)) throw new BusinessRuleError(TRANSFER_MESSAGES.legalHold);

  const now = new Date().toISOString();
  const actor = auditActorOf(auth);
  const job = newJob({ kind: TRANSFER_JOB_KIND, ownerId: auth.userId, title: `Transferring ${nameOf(transfer.participant)} to ${transfer.toConferenceName}`, input: { transferId, sourceTrackIds: [...new Set(enrolments.map((instance) => instance.trackTemplateId))] } });
  await transact([
    decisionWrite(transfer, input.version, {
      status: 'moving',
      decidedBy: { userId: auth.userId, name: actor.actorName },
      decidedAt: now,
      trackInstanceIds,
      trackNames: enrolments.map((instance) => instance.trackName),
      jobId: job.jobId,
    }),
    job.write,
    transferPersonEntry(actor, target, transfer, 'from', 'user.transfer.approved', transferChanges(transfer)),
    ...eventWrites({
      recipientIds: [transfer.participantId],
      actorId: auth.userId,
      message: `Your transfer from ${transfer.fromConferenceName} to ${transfer.toConferenceName} was approved. Your records are being moved.`,
      link: '/',
    }),
    ...eventWrites({ recipientIds: [transfer.requestedBy.userId], actorId: auth.userId, message: `${transfer.fromConferenceName} approved the transfer of ${nameOf(transfer.participant)}.`, link: TRANSFERS_LINK }),
  ]);
  return transferView(await requireTransfer(transferId), sides);
}

/** The sending conference refuses with a reason: nothing moves; the requester and the candidate are told. */
export async function refuseTransfer(auth: AuthContext, transferId: string, input: { version: number; reason: string }): Promise<TransferView> {
  const { transfer, sides } = await requireTransferSide(auth, transferId, 'sending');
  assertRequested(transfer, input.version);
  const target = await loadUserAggregate(transfer.participantId);
  const now = new Date().toISOString();
  const actor = auditActorOf(auth);
  await transact([
    decisionWrite(transfer, input.version, { status: 'refused', reason: input.reason, decidedBy: { userId: auth.userId, name: actor.actorName }, decidedAt: now }),
    releaseOpenClaim(transfer.participantId, transferId),
    ...(target ? [transferPersonEntry(actor, target, transfer, 'from', 'user.transfer.refused', [...transferChanges(transfer), { field: 'reason', after: input.reason }])] : []),
    ...eventWrites({ recipientIds: [transfer.requestedBy.userId], actorId: auth.userId, message: `${transfer.fromConferenceName} refused the transfer of ${nameOf(transfer.participant)}: ${input.reason}`, link: TRANSFERS_LINK }),
    ...eventWrites({ recipientIds: [transfer.participantId], actorId: auth.userId, message: `The request to transfer you from ${transfer.fromConferenceName} to ${transfer.toConferenceName} was refused.`, link: '/' }),
  ]);
  return transferView(await requireTransfer(transferId), sides);
}
