import { grants } from '../../../shared/auth/permissions';
import type { UserAggregate } from '../../db/access/user-aggregate';
import type { AuditChange, AuditKind } from '../../../shared/schemas/audit';
import type { TransactionWrite } from '../../db/transact';
import type { AuthContext } from '../session/resolve-session';
import type { AuditEntryInput } from './audit-write';
import { auditActorOf, auditEntryWrite, auditScopeOf } from './audit-write';

/**
 * Where each audited record's entries go: its chain, its label and its place (the scope readers
 * are checked on, and the organisation page's partition). One function per kind of record.
 */
export type RecordPart = Pick<AuditEntryInput, 'recordId' | 'subject' | 'scopeIds' | 'auditScope'>;

/**
 * A person: every place they hold (active, non-denied), and for the organisation page the
 * conference of their primary place (else of their first place; `system` for nobody's).
 */
export function personRecord(target: Pick<UserAggregate, 'user' | 'permissions'>): RecordPart & { chain: 'User' } {
  const held = grants(target.permissions);
  const primary = held.find((permission) => permission.primary) ?? held[0];
  return {
    chain: 'User',
    recordId: target.user.userId,
    subject: [target.user.firstName, target.user.lastName].filter(Boolean).join(' '),
    scopeIds: held.flatMap((permission) => permission.ancestorIds),
    auditScope: auditScopeOf(primary?.ancestorIds ?? []),
  };
}

/** A location: its own chain (ancestors, ending with itself). */
export function locationRecord(place: { locationId: string; name: string; ancestorIds: string[] }): RecordPart & { chain: 'Location' } {
  return { chain: 'Location', recordId: place.locationId, subject: place.name, scopeIds: place.ancestorIds, auditScope: auditScopeOf(place.ancestorIds) };
}

/** An entry in a person's History, made by the caller (or the job acting as them). */
export function personEntry(
  auth: Pick<AuthContext, 'userId' | 'sessionId' | 'user'>,
  target: Pick<UserAggregate, 'user' | 'permissions'>,
  action: string,
  kind: AuditKind<'User'>,
  changes: AuditChange[],
): TransactionWrite {
  return auditEntryWrite({ actor: auditActorOf(auth), ...personRecord(target), action, kind, changes });
}
