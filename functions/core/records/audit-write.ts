import { AUDIT_CHANGES_MAX, AUDIT_VALUE_MAX, type AuditChainKind, type AuditChange, type AuditKind } from '../../../shared/schemas/audit';
import { LOCATION_KINDS } from '../../../shared/auth/vocabulary';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { newId } from '../../db/ids';
import type { TransactionWrite } from '../../db/transact';
import { contentHashOf } from './audit-hash';

/**
 * The one way to record an audited change (issue 25; docs/security.md "Audit trail"): core code
 * adds `auditEntryWrite(...)` to the items of the transaction that makes the change, so the entry
 * exists exactly when the change does (a stale write leaves neither). One put, no read: the
 * before and after values come from what the write already loaded. The stream's sealer
 * (./audit-seal.ts) chains it afterwards.
 */

/** Who made a change: the signed-in user, or a job acting for the user who started it (functions/core/session/job-caller.ts). */
export interface AuditActor {
  actorId: string;
  actorName: string;
  onBehalfOf?: string;
}

const CONFERENCE_DEPTH = LOCATION_KINDS.indexOf('Conference');
const JOB_SESSION_PREFIX = 'job-';

const nameOf = (user: { firstName?: string; lastName?: string }) => [user.firstName, user.lastName].filter(Boolean).join(' ');

/** What auditActorOf needs of a caller (an AuthContext, or a maintenance script standing in for one). */
export interface AuditCaller {
  userId: string;
  sessionId: string;
  user: { firstName?: string; lastName?: string };
}

export function auditActorOf(auth: AuditCaller): AuditActor {
  const actorName = nameOf(auth.user);
  if (auth.sessionId.startsWith(JOB_SESSION_PREFIX)) return { actorId: `job:${auth.sessionId.slice(JOB_SESSION_PREFIX.length)}`, actorName, onBehalfOf: auth.userId };
  return { actorId: auth.userId, actorName };
}

export const chainIdOf = (kind: AuditChainKind, recordId: string) => `${kind}#${recordId}`;

/** A chain id's record kind and id (the id may itself hold `#`). */
export function chainParts(chainId: string): { kind: AuditChainKind; recordId: string } {
  const at = chainId.indexOf('#');
  return { kind: chainId.slice(0, at) as AuditChainKind, recordId: chainId.slice(at + 1) };
}

export interface AuditEntryInput<K extends AuditChainKind = AuditChainKind> {
  actor: AuditActor;
  chain: K;
  recordId: string;
  action: string;
  kind: AuditKind<K>;
  /** The record's label now (a person's name, a location's name). */
  subject: string;
  changes: AuditChange[];
  /** The record's location chain, outermost first (a person's: every place they hold). */
  scopeIds: readonly string[];
  /** The conference the record belongs to (the organisation page's partition); absent: `system`. */
  auditScope?: string;
  /** The seed dates its history in the past. */
  at?: Date;
}

const cut = (value: string | undefined) => (value === undefined ? undefined : value.length > AUDIT_VALUE_MAX ? `${value.slice(0, AUDIT_VALUE_MAX - 1)}…` : value);

/** Shown as text; absent and empty both read as absent. */
function text(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The field as a change when its value differs (public values: both sides are recorded, cut to AUDIT_VALUE_MAX). */
export function fieldChange(field: string, before: unknown, after: unknown): AuditChange[] {
  const [from, to] = [text(before), text(after)];
  return from === to ? [] : [{ field, ...(from === undefined ? {} : { before: cut(from) }), ...(to === undefined ? {} : { after: cut(to) }) }];
}

/** A private field that changed: only that it did, never the value. */
export function privateChange(field: string, before: unknown, after: unknown): AuditChange[] {
  return text(before) === text(after) ? [] : [{ field, changed: true }];
}

/** The changes of the listed fields between two versions of a record; `privateFields` are recorded without their values. */
export function recordChanges(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[], privateFields: readonly string[] = []): AuditChange[] {
  return fields.flatMap((field) => (privateFields.includes(field) ? privateChange(field, before[field], after[field]) : fieldChange(field, before[field], after[field])));
}

/** The conference of a location chain (outermost first: jurisdiction, episcopal area, conference ...), or `system` above it. */
export function auditScopeOf(ancestorIds: readonly string[]): string {
  return ancestorIds[CONFERENCE_DEPTH] ?? SYSTEM_LOCATION_ID;
}

/** A change with each value cut to its bound and nothing undefined (the stored map and the hash agree). */
function boundedChange(change: AuditChange): AuditChange {
  const bounded: AuditChange = { field: cut(change.field)! };
  if (change.before !== undefined) bounded.before = cut(change.before);
  if (change.after !== undefined) bounded.after = cut(change.after);
  if (change.changed) bounded.changed = true;
  return bounded;
}

export function auditEntryWrite(input: AuditEntryInput): TransactionWrite {
  const at = (input.at ?? new Date()).toISOString();
  const content = {
    chainId: chainIdOf(input.chain, input.recordId),
    entryId: newId(input.at?.getTime()),
    at,
    actorId: input.actor.actorId,
    actorName: cut(input.actor.actorName) ?? '',
    onBehalfOf: input.actor.onBehalfOf,
    action: input.action,
    kind: input.kind as string,
    subject: cut(input.subject) ?? '',
    changes: input.changes.slice(0, AUDIT_CHANGES_MAX).map(boundedChange),
    scopeIds: [...new Set(input.scopeIds)],
    auditScope: input.auditScope ?? auditScopeOf(input.scopeIds),
  };
  const item = { ...content, contentHash: contentHashOf(content), unsealedBucket: 'unsealed', unsealedAt: at };
  return (tx) => tx.auditEntry.create(item).commit();
}
