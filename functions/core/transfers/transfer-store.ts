import type { EntityItem } from 'electrodb';
import type { enrolmentTransfer } from '../../db/entities/enrolment-transfer';
import { claimKey } from '../../db/claims';
import { db } from '../../db/service';
import type { TransactionWrite } from '../../db/transact';
import { NotFoundError } from '../../lib/errors';
import { TRANSFER_MESSAGES } from '../../../shared/schemas/transfer';

/** A transfer as stored (functions/db/entities/enrolment-transfer.ts). */
export type TransferItem = EntityItem<typeof enrolmentTransfer>;

export const TRANSFER_JOB_KIND = 'enrolment.transfer';

export async function readTransfer(transferId: string): Promise<TransferItem | null> {
  const { data } = await db().entities.enrolmentTransfer.get({ transferId }).go({ consistent: true });
  return data ?? null;
}

export async function requireTransfer(transferId: string): Promise<TransferItem> {
  const transfer = await readTransfer(transferId);
  if (!transfer) throw new NotFoundError(TRANSFER_MESSAGES.notFound);
  return transfer;
}

/**
 * A candidate has one transfer under way at a time: a claim on the person, taken by the request
 * and given up when the transfer is refused, cancelled, completed or failed.
 */
const openClaim = (participantId: string) => claimKey({ kind: 'transfer', scope: 'open', name: participantId });

export function takeOpenClaim(participantId: string, transferId: string, createdAt: string): TransactionWrite {
  return (tx) => tx.claim.create({ ...openClaim(participantId), ownerId: transferId, createdAt }).commit();
}

export function releaseOpenClaim(participantId: string, transferId: string): TransactionWrite {
  return (tx) =>
    tx.claim
      .delete(openClaim(participantId))
      .where((attributes, operations) => `${operations.notExists(attributes.name)} OR ${operations.eq(attributes.ownerId, transferId)}`)
      .commit();
}

export const nameOf = (person: { firstName?: string; lastName?: string }) => [person.firstName, person.lastName].filter(Boolean).join(' ');
