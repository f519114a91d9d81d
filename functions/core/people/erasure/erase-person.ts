import { ALREADY_ERASED, ERASE_NAME_MISMATCH, ERASED_NAME, type EraseUserInput } from '../../../../shared/api/user-erasure';
import { projectOrWait } from '../../../db/directory-projection';
import { newJob } from '../../../db/jobs';
import { db } from '../../../db/service';
import { transact, type TransactionItem } from '../../../db/transact';
import { StaleVersionError } from '../../../db/versioned';
import { BusinessRuleError, ValidationError } from '../../../lib/errors';
import { log } from '../../../lib/log';
import { securityEvent } from '../../../lib/security-event';
import { releaseFileWrites } from '../../enrolments/instance-partition';
import { accountPort } from '../../identity/accounts';
import { personRecord } from '../../records/audit-records';
import { auditActorOf, auditEntryWrite } from '../../records/audit-write';
import { personConferenceId } from '../../retention/retention-access';
import { markerWrite, PERSON_FIELDS_REMOVED, releaseEmailClaim } from '../../retention/retention-purge';
import { USER_ERASED } from '../../retention/retention-records';
import { endUserSessions } from '../../session/end-sessions';
import type { AuthContext } from '../../session/resolve-session';
import { projectUser } from '../../users/user-projector';
import { cancelEmailChangeWrites } from '../email-change';
import { nameCopiesJob } from '../name-copies';
import { ERASURE_JOB_KIND, erasureJobId, type ErasureJobInput } from './erasure-job';
import { loadErasable, planErasure } from './erasure-rules';

/**
 * Erasure (issue 25, item 4; docs/security.md "Erasure"). Checked on the loaded person: a
 * superadmin (403), the person (404), the version read (409), the full name typed (400), then the
 * rules (422 naming each record that keeps them and until when; erasure-rules.ts). The decisive
 * part is ONE transaction, conditioned on the version and on not being erased already:
 *   - the user item keeps its id and becomes "Erased person", inactive and marked `erasedAt`
 *     (resolve-session refuses them from this commit on; a write on the version read before it is
 *     stale), its details removed (the fields the retention purge removes), its email an address
 *     that reaches nobody, and its email claims (current and pending) released;
 *   - the avatar's file is released through the outbox (storage and record);
 *   - the person's retention case becomes the purged marker (the daily purge never renames them);
 *   - the erasure job (one per person), and the name-copies job that refreshes their name elsewhere;
 *   - the erasure entry in their History (who, when, the job; no personal data), a tombstone the
 *     job's expiry of their older entries leaves in place.
 * After the commit their sessions end and the identity provider disables the account (the job
 * ends sessions again); their directory entries go.
 */
const normalised = (text: string) => text.trim().replace(/\s+/g, ' ');

export async function erasePerson(auth: AuthContext, userId: string, input: EraseUserInput, now: Date = new Date()): Promise<{ jobId: string }> {
  const person = await loadErasable(auth, userId);
  const { user } = person;
  if (user.erasedAt) throw new BusinessRuleError(ALREADY_ERASED);
  if (user.version !== input.version) throw new StaleVersionError(undefined, user.version);
  if (normalised(input.fullName) !== normalised(`${user.firstName} ${user.lastName}`)) throw new ValidationError({ fullName: [ERASE_NAME_MISMATCH] }, ERASE_NAME_MISMATCH);
  const plan = await planErasure(auth, person, now);
  if (plan.reasons.length) throw new BusinessRuleError(`This person cannot be erased: ${plan.reasons.map((reason) => reason.message).join(' ')}`);

  const at = now.toISOString();
  const jobInput: ErasureJobInput = { userId, at, enrolments: plan.purgeable.map((item) => item.recordId) };
  const job = newJob({ kind: ERASURE_JOB_KIND, ownerId: auth.userId, title: 'Erasing a person', input: jobInput, jobId: erasureJobId(userId) });
  const { data: personCase } = await db().entities.retentionCase.get({ recordKind: 'User', recordId: userId }).go({ consistent: true });
  const items: TransactionItem[] = [
    (tx) =>
      tx.user
        .patch({ userId })
        .set({ ...ERASED_NAME, email: `erased-${userId.toLowerCase()}@invalid`, inactive: true, erasedAt: at })
        .remove([...PERSON_FIELDS_REMOVED])
        .add({ version: 1 })
        .where(({ version, erasedAt }, { eq, notExists }) => `${eq(version, user.version)} AND ${notExists(erasedAt)}`)
        .commit(),
    releaseEmailClaim(user.email, userId),
    ...cancelEmailChangeWrites(person),
    ...releaseFileWrites(user.avatar?.key ? [user.avatar.key] : []),
    ...(personCase?.purgedAt
      ? []
      : [markerWrite({ recordKind: 'User', recordId: userId, conferenceId: personConferenceId(person), outcome: 'inactivePerson', closedAt: at, subject: `${ERASED_NAME.firstName} ${ERASED_NAME.lastName}` }, at)]),
    { write: job.write, onConditionFailed: () => new BusinessRuleError(ALREADY_ERASED) },
    nameCopiesJob(userId, user.version + 1).write,
    auditEntryWrite({
      actor: auditActorOf(auth),
      ...personRecord(person),
      subject: `${ERASED_NAME.firstName} ${ERASED_NAME.lastName}`,
      action: USER_ERASED,
      kind: 'retention',
      changes: [
        { field: 'job', after: job.jobId },
        { field: 'enrolments purged', after: String(plan.purgeable.length) },
      ],
      at: now,
    }),
  ];
  await transact(items);

  securityEvent('user.erased', { outcome: 'success', targetUserId: userId });
  // After the commit (the person is refused from it on): their sessions' items go, the provider
  // refuses their sign-in (named as it knew them), and their directory entries go.
  await endUserSessions(userId);
  await accountPort().disable({ email: user.email, cognitoUsername: user.cognitoUsername });
  await projectOrWait(() => projectUser(userId), 'request').catch((error) => log('warn', 'user projection deferred to the stream', { userId, error: String(error) }));
  return { jobId: job.jobId };
}
