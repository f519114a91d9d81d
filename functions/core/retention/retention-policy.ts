import { DEFAULT_RETENTION_YEARS, RETENTION_OUTCOMES, type RetentionPeriods, type RetentionPolicyView } from '../../../shared/schemas/retention';
import { db } from '../../db/service';
import { transact } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { StaleVersionError } from '../../lib/errors';
import { auditActorOf, fieldChange } from '../records/audit-write';
import type { AuthContext } from '../session/resolve-session';
import { requireGovernedConference } from './retention-access';
import { policyEntry } from './retention-records';

/**
 * A conference's retention periods (issue 25, item 3): the saved item, or the defaults
 * (shared/schemas/retention.ts) at version 0 while none is saved. A save names the version it read
 * (0: create); the conference's History gets the changed periods in the same transaction.
 */
export async function readRetentionPolicy(conferenceId: string): Promise<RetentionPolicyView> {
  const { data } = await db().entities.retentionPolicy.get({ conferenceId }).go({ consistent: true });
  if (!data) return { conferenceId, periods: { ...DEFAULT_RETENTION_YEARS }, version: 0 };
  return { conferenceId, periods: { ...DEFAULT_RETENTION_YEARS, ...data.periods }, version: data.version, updatedAt: data.updatedAt };
}

export async function getRetentionPolicy(auth: AuthContext, conferenceId: string): Promise<RetentionPolicyView> {
  await requireGovernedConference(auth, conferenceId);
  return readRetentionPolicy(conferenceId);
}

export async function updateRetentionPolicy(auth: AuthContext, conferenceId: string, input: { periods: RetentionPeriods; version: number }): Promise<RetentionPolicyView> {
  const place = await requireGovernedConference(auth, conferenceId);
  const current = await readRetentionPolicy(conferenceId);
  if (current.version !== input.version) throw new StaleVersionError(undefined, current.version);
  const changes = RETENTION_OUTCOMES.flatMap((outcome) => fieldChange(`${outcome} (years)`, current.periods[outcome], input.periods[outcome]));
  if (changes.length === 0) return current;
  const item = { conferenceId, periods: input.periods, updatedBy: auth.userId, version: input.version + 1 };
  await transact([
    input.version === 0 ? (tx) => tx.retentionPolicy.create(item).commit() : (tx) => tx.retentionPolicy.put(item).where(ifVersion(input.version)).commit(),
    policyEntry(auditActorOf(auth), place, changes),
  ]);
  return readRetentionPolicy(conferenceId);
}
