import { ALREADY_MERGED, KEEP_ONE_OF_THEIR_NAMES, TARGET_MERGED, type MergeUsersInput } from '../../../../shared/api/user-merge';
import { loadUserAggregate, type UserAggregate } from '../../../db/access/user-aggregate';
import { projectOrWait } from '../../../db/directory-projection';
import { newJob } from '../../../db/jobs';
import { transact, type TransactionItem, type TransactionWrite } from '../../../db/transact';
import { StaleVersionError } from '../../../db/versioned';
import { BusinessRuleError, ForbiddenError, NotFoundError, ValidationError } from '../../../lib/errors';
import { log } from '../../../lib/log';
import { securityEvent } from '../../../lib/security-event';
import { accountPort } from '../../identity/accounts';
import { endUserSessions } from '../../session/end-sessions';
import type { AuthContext } from '../../session/resolve-session';
import { projectUser } from '../../users/user-projector';
import { nameCopiesJob } from '../name-copies';
import { managesAll } from '../profile-details';
import { MERGE_JOB_KIND, mergeJobId } from './merge-job';
import type { MergeJobInput } from './movers/mover';
import { personEntry } from '../../records/audit-records';
import { fieldChange, recordChanges } from '../../records/audit-write';
import { recordExpiry, undoUntil } from './movers/merge-record';

type UserItem = UserAggregate['user'];
type KeptNames = Pick<MergeUsersInput, 'firstName' | 'middleName' | 'lastName'>;

/**
 * Merge Users (SPEC.md sections 4, 5 and 7). The decisive part is ONE transaction, and it
 * cannot be applied twice:
 *   - the source becomes inactive with `mergedUserId` (conditioned on its version and on not
 *     being merged already; resolve-session refuses an inactive user, so its sessions stop
 *     working with this commit),
 *   - the target takes the chosen names (conditioned on its version, and on not being merged),
 *   - the source's email claim passes to the target (the address now belongs to that person:
 *     Add User with it is "in use"),
 *   - the move job is created with an id derived from the source and its version (a second merge
 *     of the same source fails on it as well; after an undo the version moved on),
 *     and so is the job that refreshes copies of the target's name,
 *   - the merge's header (merge-record.ts): what an undo within MERGE_UNDO_DAYS puts back,
 *   - each person's History gets its entry (kind `merge`): the source `user.merged.into`, the
 *     target `user.merged.from`, both naming the other and the job that moves the rest.
 * Everything the source owns then moves through the job (merge-job.ts), step by step.
 */
export async function mergeUsers(auth: AuthContext, input: MergeUsersInput): Promise<{ jobId: string }> {
  if (!managesAll(auth)) throw new ForbiddenError();
  const [from, to] = await Promise.all([loadUserAggregate(input.fromUserId, { consistent: true }), loadUserAggregate(input.toUserId, { consistent: true })]);
  if (!from || !to) throw new NotFoundError('User not found.');
  if (from.user.mergedUserId) throw new BusinessRuleError(ALREADY_MERGED);
  if (to.user.mergedUserId) throw new BusinessRuleError(TARGET_MERGED);
  const names = keptNames(from.user, to.user, input);

  const mergedAt = new Date();
  const mergeId = mergeJobId(from.user.userId, from.user.version);
  const jobInput: MergeJobInput = { fromUserId: from.user.userId, toUserId: to.user.userId, mergeId, mergedAt: mergedAt.toISOString() };
  const job = newJob({
    kind: MERGE_JOB_KIND,
    ownerId: auth.userId,
    title: `Merging ${from.user.firstName} ${from.user.lastName} into ${names.firstName} ${names.lastName}`,
    input: jobInput,
    jobId: mergeId,
  });
  const renamed = names.firstName !== to.user.firstName || (names.middleName ?? '') !== (to.user.middleName ?? '') || names.lastName !== to.user.lastName;
  const items: TransactionItem[] = [
    (tx) => tx.user.patch({ userId: from.user.userId }).set({ inactive: true, mergedUserId: to.user.userId }).add({ version: 1 }).where(versionAndNotMerged(from.user.version)).commit(),
    (tx) => {
      const patch = tx.user.patch({ userId: to.user.userId }).set({ firstName: names.firstName, lastName: names.lastName, ...(names.middleName ? { middleName: names.middleName } : {}) });
      return (names.middleName ? patch : patch.remove(['middleName'])).add({ version: 1 }).where(versionAndNotMerged(to.user.version)).commit();
    },
    (tx) =>
      tx.userEmail
        .put({ email: from.user.email, userId: to.user.userId })
        .where((attributes, operations) => `${operations.notExists(attributes.userId)} OR ${operations.eq(attributes.userId, from.user.userId)}`)
        .commit(),
    { write: job.write, onConditionFailed: () => new BusinessRuleError(ALREADY_MERGED) },
    ...(renamed ? [nameCopiesJob(to.user.userId, to.user.version + 1).write] : []),
    ...mergeEntries(auth, from, to, names, job.jobId),
    headerWrite(auth, from.user, to.user, names, mergeId, mergedAt),
  ];
  await transact(items).catch((error) => explainConflict(error, jobInput));

  securityEvent('user.merged', { outcome: 'success', targetUserId: from.user.userId, mergedUserId: to.user.userId });
  // After the commit: the sessions' items go (they were refused from the commit on), the
  // provider refuses the source's sign-in, and both users' directory entries follow. The job
  // repeats the first two, so a crash here changes nothing a user sees.
  await endUserSessions(from.user.userId);
  await accountPort().disable({ email: from.user.email, cognitoUsername: from.user.cognitoUsername });
  for (const userId of [from.user.userId, to.user.userId]) {
    await projectOrWait(() => projectUser(userId), 'request').catch((error) => log('warn', 'user projection deferred to the stream', { userId, error: String(error) }));
  }
  return { jobId: job.jobId };
}

const labelOf = (user: UserItem) => `${user.firstName} ${user.lastName} (${user.email})`;

/** The merge's header (entities/merge-record.ts): what its undo puts back at once, and until when it may. */
function headerWrite(auth: AuthContext, from: UserItem, to: UserItem, names: KeptNames, mergeId: string, mergedAt: Date): TransactionWrite {
  const namesOf = (user: KeptNames) => ({ firstName: user.firstName, lastName: user.lastName, ...(user.middleName ? { middleName: user.middleName } : {}) });
  return (tx) =>
    tx.mergeHeader
      .create({
        mergeId,
        fromUserId: from.userId,
        toUserId: to.userId,
        fromLabel: labelOf(from),
        toLabel: labelOf(to),
        namesBefore: namesOf(to),
        namesAfter: namesOf(names),
        targetVersionBefore: to.version,
        email: from.email,
        mergedAt: mergedAt.toISOString(),
        undoUntil: undoUntil(mergedAt).toISOString(),
        state: 'merged',
        mergedBy: auth.userId,
        ttl: recordExpiry(mergedAt),
      })
      .commit();
}

/** The merge in both people's History, by the superadmin who merged them. */
function mergeEntries(auth: AuthContext, from: UserAggregate, to: UserAggregate, names: KeptNames, jobId: string): TransactionItem[] {
  const job = { field: 'job', after: jobId };
  return [
    personEntry(auth, from, 'user.merged.into', 'merge', [{ field: 'merged into', after: labelOf(to.user) }, ...fieldChange('status', from.user.inactive ? 'inactive' : 'active', 'inactive'), job]),
    personEntry(auth, to, 'user.merged.from', 'merge', [
      { field: 'merged from', after: labelOf(from.user) },
      ...recordChanges(to.user, { ...to.user, ...names }, ['firstName', 'middleName', 'lastName']),
      { field: 'email taken over', after: from.user.email },
      job,
    ]),
  ];
}

/** The names the kept user ends with: each one of the two users' (SPEC.md section 5: the caller chooses when they differ). */
function keptNames(from: UserItem, to: UserItem, input: KeptNames): KeptNames {
  const problems: Record<string, string[]> = {};
  for (const field of ['firstName', 'middleName', 'lastName'] as const) {
    const chosen = (input[field] ?? '').trim();
    if (chosen !== (from[field] ?? '').trim() && chosen !== (to[field] ?? '').trim()) problems[field] = [KEEP_ONE_OF_THEIR_NAMES];
  }
  if (Object.keys(problems).length) throw new ValidationError(problems, KEEP_ONE_OF_THEIR_NAMES);
  return { firstName: input.firstName.trim(), middleName: input.middleName?.trim() || undefined, lastName: input.lastName.trim() };
}

function versionAndNotMerged(version: number) {
  return (attributes: any, operations: any): string => `${operations.eq(attributes.version, version)} AND ${operations.notExists(attributes.mergedUserId)}`;
}

/** A failed condition on either user: merged meanwhile (422, the SPEC-style refusal) or edited meanwhile (409). */
async function explainConflict(error: unknown, input: MergeJobInput): Promise<never> {
  if (error instanceof StaleVersionError) {
    const [from, to] = await Promise.all([loadUserAggregate(input.fromUserId, { consistent: true }), loadUserAggregate(input.toUserId, { consistent: true })]);
    if (from?.user.mergedUserId) throw new BusinessRuleError(ALREADY_MERGED);
    if (to?.user.mergedUserId) throw new BusinessRuleError(TARGET_MERGED);
  }
  throw error;
}
