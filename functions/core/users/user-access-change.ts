import { projectOrWait } from '../../db/directory-projection';
import { loadUserAggregate, type UserAggregate } from '../../db/access/user-aggregate';
import { retryOnStale, transactInChunks, type TransactionWrite } from '../../db/transact';
import { NotFoundError } from '../../lib/errors';
import type { AuditChange } from '../../../shared/schemas/audit';
import { personRecord } from '../records/audit-records';
import { auditEntryWrite, type AuditActor } from '../records/audit-write';
import { log } from '../../lib/log';
import { projectUser } from './user-projector';

/**
 * Changes to one user's access (roles, location permissions) are one at a time: each
 * transaction moves the user's `accessVersion`, conditioned on the value its plan was made
 * from. Of two concurrent changes one commits; the other re-reads the user and plans again
 * (so two adds of one district make one permission, and a role assignment racing a location
 * add leaves both). The user's directory entries and counts are then projected from the
 * committed state (users/user-projector.ts), here as a fast path and again from the stream.
 */
export interface AccessPlan<T> {
  /** The writes that make the change; none means there is nothing to do. */
  writes: TransactionWrite[];
  /** Repeatable side-effect writes, in groups never split, that may go ahead in earlier transactions when there are too many. */
  sideEffects?: TransactionWrite[][];
  result: T;
  /** What the change means for the person's History: one audit entry in the final transaction. */
  audit?: { action: string; kind: 'roles' | 'locations'; changes: AuditChange[]; /** A place the change adds to the person's scope. */ alsoScopeIds?: readonly string[] };
}

/**
 * `actor`: who is changing the access (the caller, or a job acting for its starter); with it,
 * a plan's `audit` is written as the person's audit entry in the same transaction as the change.
 */
export async function changeUserAccess<T>(userId: string, plan: (target: UserAggregate) => AccessPlan<T> | Promise<AccessPlan<T>>, actor?: AuditActor): Promise<T> {
  const result = await retryOnStale(async () => {
    const target = await loadUserAggregate(userId, { consistent: true });
    if (!target) throw new NotFoundError('User not found.');
    const planned = await plan(target);
    if (planned.writes.length === 0) return { planned, committed: false };
    const audit = actor && planned.audit ? [accessEntry(actor, target, planned.audit)] : [];
    await transactInChunks(planned.sideEffects ?? [], [...planned.writes, ...audit, accessVersionGuard(target)]);
    return { planned, committed: true };
  });
  if (result.committed) {
    await projectOrWait(() => projectUser(userId), 'request').catch((error) => log('warn', 'user projection deferred to the stream', { userId, error: String(error) }));
  }
  return result.planned.result;
}

function accessEntry(actor: AuditActor, target: UserAggregate, audit: NonNullable<AccessPlan<unknown>['audit']>): TransactionWrite {
  const record = personRecord(target);
  return auditEntryWrite({ actor, ...record, scopeIds: [...record.scopeIds, ...(audit.alsoScopeIds ?? [])], action: audit.action, kind: audit.kind, changes: audit.changes });
}

/** Moves the user's access version from the value read (absent on users from before it existed). */
function accessVersionGuard(target: UserAggregate): TransactionWrite {
  const read = target.user.accessVersion;
  return (tx) =>
    tx.user
      .patch({ userId: target.user.userId })
      .add({ accessVersion: 1 })
      .where((attributes, operations) => (read === undefined ? operations.notExists(attributes.accessVersion) : operations.eq(attributes.accessVersion, read)))
      .commit();
}
