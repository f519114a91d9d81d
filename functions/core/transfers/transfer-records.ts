import type { AuditChange } from '../../../shared/schemas/audit';
import type { UserAggregate } from '../../db/access/user-aggregate';
import type { TransactionWrite } from '../../db/transact';
import { personRecord } from '../records/audit-records';
import { auditEntryWrite, type AuditActor } from '../records/audit-write';
import type { TransferItem } from './transfer-store';

/**
 * A transfer's steps in the candidate's History, seen from both conferences: the entry is
 * scoped to the person's places and to both conferences, and listed on the organisation page of
 * the conference that acted (`side`).
 */
export function transferPersonEntry(
  actor: AuditActor,
  target: Pick<UserAggregate, 'user' | 'permissions'>,
  transfer: Pick<TransferItem, 'fromConferenceId' | 'toConferenceId'>,
  side: 'from' | 'to',
  action: string,
  changes: AuditChange[],
): TransactionWrite {
  const record = personRecord(target);
  return auditEntryWrite({
    actor,
    ...record,
    scopeIds: [...new Set([...record.scopeIds, transfer.fromConferenceId, transfer.toConferenceId])],
    auditScope: side === 'from' ? transfer.fromConferenceId : transfer.toConferenceId,
    action,
    kind: 'locations',
    changes,
  });
}

export const transferChanges = (transfer: Pick<TransferItem, 'fromConferenceName' | 'toConferenceName' | 'toLocationName'>): AuditChange[] => [
  { field: 'from', after: transfer.fromConferenceName },
  { field: 'to', after: `${transfer.toLocationName}, ${transfer.toConferenceName}` },
];
