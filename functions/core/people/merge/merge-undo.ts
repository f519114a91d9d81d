import { ALREADY_UNDONE, NOT_MERGED, UNDO_TOO_LATE, UNDO_WHILE_MOVING, type MergeUndoState, type UndoMergeInput } from '../../../../shared/api/user-merge-undo';
import type { EntityItem } from 'electrodb';
import type { mergeHeader } from '../../../db/entities/merge-record';
import { loadUserAggregate } from '../../../db/access/user-aggregate';
import { projectOrWait } from '../../../db/directory-projection';
import { getJob, newJob } from '../../../db/jobs';
import { db } from '../../../db/service';
import { transact, type TransactionItem } from '../../../db/transact';
import { ifVersion } from '../../../db/versioned';
import { BusinessRuleError, ForbiddenError, NotFoundError } from '../../../lib/errors';
import { log } from '../../../lib/log';
import { securityEvent } from '../../../lib/security-event';
import { accountPort } from '../../identity/accounts';
import type { AuthContext } from '../../session/resolve-session';
import { projectUser } from '../../users/user-projector';
import { personEntry } from '../../records/audit-records';
import { fieldChange } from '../../records/audit-write';
import { nameCopiesJob } from '../name-copies';
import { managesAll } from '../profile-details';
import { MERGE_UNDO_JOB_KIND, type MergeUndoJobInput } from './merge-undo-job';

export type MergeHeaderItem = EntityItem<typeof mergeHeader>;

/** A person's merges read to find one still undoable (newest first; a person is rarely kept in more). */
const HEADERS_READ = 10;

/** The newest merge of `fromUserId` (as the merged-away source). */
async function sourceMerge(fromUserId: string): Promise<MergeHeaderItem | null> {
  const { data } = await db().entities.mergeHeader.query.bySource({ fromUserId }).go({ order: 'desc', limit: 1 });
  return data[0] ? await headerOf(data[0].mergeId) : null;
}

async function headerOf(mergeId: string): Promise<MergeHeaderItem | null> {
  const { data } = await db().entities.mergeHeader.get({ mergeId }).go({ consistent: true });
  return data ?? null;
}

const namesEqual = (a: { firstName: string; middleName?: string; lastName: string }, b: { firstName: string; middleName?: string; lastName: string }) =>
  a.firstName === b.firstName && (a.middleName ?? '') === (b.middleName ?? '') && a.lastName === b.lastName;

/** Why this merge cannot be undone now (the 422 message), or null. */
async function refusal(header: MergeHeaderItem, now: Date): Promise<string | null> {
  if (header.state !== 'merged') return ALREADY_UNDONE;
  if (now.getTime() > Date.parse(header.undoUntil)) return UNDO_TOO_LATE;
  const job = await getJob(header.mergeId);
  if (job && (job.status === 'queued' || job.status === 'running')) return UNDO_WHILE_MOVING;
  return null;
}

/**
 * For the profile's Undo merge (manage-all callers): the merge this person is in, as the
 * merged-away source or the kept target, that may be undone now; null when none.
 */
export async function mergeUndoState(auth: AuthContext, userId: string, now = new Date()): Promise<MergeUndoState> {
  if (!managesAll(auth)) throw new ForbiddenError();
  const { data: user } = await db().entities.user.get({ userId }).go({ consistent: true });
  if (!user) throw new NotFoundError('User not found.');
  const candidates: MergeHeaderItem[] = [];
  if (user.mergedUserId) {
    const header = await sourceMerge(userId);
    if (header) candidates.push(header);
  } else {
    const { data } = await db().entities.mergeHeader.query.byTarget({ toUserId: userId }).go({ order: 'desc', limit: HEADERS_READ });
    candidates.push(...data.filter((header) => header.state === 'merged'));
  }
  for (const header of candidates) {
    if (await refusal(header, now)) continue;
    return {
      undo: { from: { userId: header.fromUserId, label: header.fromLabel }, to: { userId: header.toUserId, label: header.toLabel }, mergedAt: header.mergedAt, undoUntil: header.undoUntil },
    };
  }
  return { undo: null };
}

/**
 * Undo a merge (issue 25, item 5), within MERGE_UNDO_DAYS of it. The decisive part is ONE
 * transaction: the source active again without `mergedUserId` (on its version), the target's
 * names back when they are still the ones the merge set (else kept: `namesRestored` false),
 * the email claim back to the source, the header `undoing` (on its version: a second undo
 * fails here), both people's History entries `user.merge.undone`, and the undo job that moves
 * back, from the merge's records, what still belongs to the target as the merge left it
 * (merge-undo-job.ts). The source's sessions stay ended; its account is enabled again.
 * `now` is the clock the 30 days are judged by (a test passes its own).
 */
export async function undoMerge(auth: AuthContext, input: UndoMergeInput, now = new Date()): Promise<{ jobId: string; namesRestored: boolean }> {
  if (!managesAll(auth)) throw new ForbiddenError();
  const [from, header] = await Promise.all([loadUserAggregate(input.fromUserId, { consistent: true }), sourceMerge(input.fromUserId)]);
  if (!from) throw new NotFoundError('User not found.');
  if (!header) throw new BusinessRuleError(NOT_MERGED);
  const refused = await refusal(header, now);
  if (refused) throw new BusinessRuleError(refused);
  if (from.user.mergedUserId !== header.toUserId) throw new BusinessRuleError(NOT_MERGED);
  const to = await loadUserAggregate(header.toUserId, { consistent: true });
  if (!to) throw new NotFoundError('User not found.');

  const namesRestored = namesEqual(to.user, header.namesAfter);
  const renamed = namesRestored && !namesEqual(header.namesBefore, header.namesAfter);
  const jobInput: MergeUndoJobInput = { mergeId: header.mergeId, fromUserId: from.user.userId, toUserId: to.user.userId };
  const job = newJob({ kind: MERGE_UNDO_JOB_KIND, ownerId: auth.userId, title: `Undoing the merge of ${header.fromLabel} into ${header.toLabel}`, input: jobInput, jobId: `undo-${header.mergeId}` });
  const before = header.namesBefore;
  const items: TransactionItem[] = [
    (tx) => tx.user.patch({ userId: from.user.userId }).set({ inactive: false }).remove(['mergedUserId']).add({ version: 1 }).where(ifVersion(from.user.version)).commit(),
    ...(renamed
      ? [
          (tx: any) => {
            const patch = tx.user.patch({ userId: to.user.userId }).set({ firstName: before.firstName, lastName: before.lastName, ...(before.middleName ? { middleName: before.middleName } : {}) });
            return (before.middleName ? patch : patch.remove(['middleName'])).add({ version: 1 }).where(ifVersion(to.user.version)).commit();
          },
          nameCopiesJob(to.user.userId, to.user.version + 1).write,
        ]
      : []),
    (tx) => tx.userEmail.put({ email: header.email, userId: from.user.userId }).where((attributes, operations) => operations.eq(attributes.userId, to.user.userId)).commit(),
    (tx) =>
      tx.mergeHeader
        .patch({ mergeId: header.mergeId })
        .set({ state: 'undoing', undoneBy: auth.userId, undoneAt: now.toISOString(), undoJobId: job.jobId })
        .add({ version: 1 })
        .where((attributes, operations) => `${operations.eq(attributes.version, header.version)} AND ${operations.eq(attributes.state, 'merged')}`)
        .commit(),
    job.write,
    personEntry(auth, from, 'user.merge.undone', 'merge', [{ field: 'no longer merged into', before: header.toLabel }, ...fieldChange('status', 'inactive', 'active'), { field: 'job', after: job.jobId }]),
    personEntry(auth, to, 'user.merge.undone', 'merge', [
      { field: 'no longer merged from', before: header.fromLabel },
      ...(renamed ? fieldChange('name', `${header.namesAfter.firstName} ${header.namesAfter.lastName}`, `${before.firstName} ${before.lastName}`) : []),
      { field: 'email given back', before: header.email },
      { field: 'job', after: job.jobId },
    ]),
  ];
  await transact(items).catch(async (error) => {
    const current = await headerOf(header.mergeId);
    if (current && current.state !== 'merged') throw new BusinessRuleError(ALREADY_UNDONE);
    throw error;
  });

  securityEvent('user.merge-undone', { outcome: 'success', targetUserId: from.user.userId, mergedUserId: to.user.userId });
  // Sessions stay ended (the merge ended them); the provider lets the person sign in again.
  await accountPort()
    .enable({ email: from.user.email, cognitoUsername: from.user.cognitoUsername })
    .catch((error) => log('warn', 'account not enabled after an undone merge', { userId: from.user.userId, error: String(error) }));
  for (const userId of [from.user.userId, to.user.userId]) {
    await projectOrWait(() => projectUser(userId), 'request').catch((error) => log('warn', 'user projection deferred to the stream', { userId, error: String(error) }));
  }
  return { jobId: job.jobId, namesRestored };
}
