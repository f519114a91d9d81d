import type { AuditChange } from '../../../shared/schemas/audit';
import { auditEntryWrite, auditScopeOf, type AuditActor } from '../records/audit-write';
import { locationRecord, personRecord } from '../records/audit-records';
import type { TransactionWrite } from '../../db/transact';
import type { HoldTarget } from './retention-access';

/**
 * Retention's entries in the audit trail (kind `retention`): a policy change in its conference's
 * Location chain, a hold placed or lifted and a purge's tombstone in the chain of the person or
 * enrolment. An enrolment's place is its district's chain; its organisation page, its track's conference.
 */
export const RETENTION_PURGED = 'retention.purged';
/** Erasure's entry in the person's chain (functions/core/people/erasure/): a tombstone like the purge's, kept when the rest expire. */
export const USER_ERASED = 'user.erased';
/** The entries of a chain that never expire: the chain is verified from the last of them (bin/maintenance/audit-check.ts). */
export const AUDIT_TOMBSTONES: readonly string[] = [RETENTION_PURGED, USER_ERASED];

export function enrolmentChain(instance: { trackInstanceId: string; conferenceId: string; districtId?: string; ancestorIds?: string[] }, subject: string) {
  const scopeIds = instance.ancestorIds?.length ? instance.ancestorIds : [instance.conferenceId, instance.districtId ?? ''].filter(Boolean);
  return { chain: 'TrackInstance' as const, recordId: instance.trackInstanceId, subject, scopeIds, auditScope: instance.ancestorIds?.length ? auditScopeOf(instance.ancestorIds) : instance.conferenceId };
}

export function policyEntry(actor: AuditActor, place: { locationId: string; name: string; ancestorIds: string[] }, changes: AuditChange[]): TransactionWrite {
  return auditEntryWrite({ actor, ...locationRecord(place), action: 'retention.policy.updated', kind: 'retention', changes });
}

export function holdEntry(actor: AuditActor, target: HoldTarget, action: 'retention.hold.placed' | 'retention.hold.lifted', changes: AuditChange[]): TransactionWrite {
  const record = target.recordKind === 'User' ? personRecord(target.person) : enrolmentChain(target.instance, target.subject);
  return auditEntryWrite({ actor, ...record, action, kind: 'retention', changes });
}
