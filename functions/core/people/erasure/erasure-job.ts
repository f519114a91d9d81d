import { projectOrWait } from '../../../db/directory-projection';
import type { JobKind } from '../../../db/jobs';
import { db } from '../../../db/service';
import { transact, type TransactionItem } from '../../../db/transact';
import { findInstance } from '../../enrolments/instance-access';
import { releaseFileWrites } from '../../enrolments/instance-partition';
import type { AuditActor } from '../../records/audit-write';
import { expireChain } from '../../retention/audit-expiry';
import { ENROLMENT_OUTCOMES } from '../../retention/retention-cases';
import { purgeEnrolment } from '../../retention/retention-purge';
import { endUserSessions } from '../../session/end-sessions';
import { projectUser } from '../../users/user-projector';
import { caseOf } from './erasure-rules';

/**
 * The second half of an erasure (erase-person.ts commits the decisive part and creates this
 * job, one per person): what the person owns goes, a stage after the other, a page per step,
 * each page's deletes in one transaction, so a step repeated after a crash deletes what is left:
 *   sessions (ended again), the closed enrolments past their period (each purged as the daily
 *   purge does: tombstone, parts, files released, entries expiring), aliases, tags, comments
 *   about them, mentor links (as mentee and as mentor), church memberships, their files (released
 *   through the outbox: storage and record) and Documents entries, then their older History
 *   entries expire (the erasure entry stays) and their directory entries are rebuilt (none).
 * Progress: stages done of all stages.
 */
export const ERASURE_JOB_KIND = 'user.erase';

export interface ErasureJobInput {
  userId: string;
  /** The erasure's instant: the clock of the purges and the audit expiry. */
  at: string;
  /** The closed enrolments past their period, as the decisive check found them. */
  enrolments: string[];
}

export const erasureJobId = (userId: string) => `erase-${userId}`;

/** Items deleted per step (each one write: a page fits one transaction). */
const PAGE = 25;

interface Cursor {
  stage: number;
  page?: string | null;
  /** The next enrolment of the input to purge. */
  at?: number;
  counts: Record<string, number>;
}

type StageResult = { deleted: number; page: string | null };
type Stage = { name: string; run: (input: ErasureJobInput, page: string | null, cursor: Cursor, actor: AuditActor) => Promise<StageResult> };

/** A stage deleting one page of a query's items (read by cursor: an index may trail the table). */
function deleting<T>(name: string, read: (userId: string, page: string | null) => Promise<{ data: T[]; cursor: string | null }>, writes: (item: T) => TransactionItem[]): Stage {
  return {
    name,
    async run({ userId }, page) {
      const { data, cursor } = await read(userId, page);
      if (data.length) await transact(data.flatMap(writes));
      return { deleted: data.length, page: cursor };
    },
  };
}

const go = { limit: PAGE } as const;

const STAGES: Stage[] = [
  {
    name: 'sessions',
    async run({ userId }) {
      return { deleted: await endUserSessions(userId), page: null };
    },
  },
  {
    name: 'enrolments',
    // One enrolment a step: its purge may itself start the removal job for a large one.
    async run(input, _page, cursor, actor) {
      const index = cursor.at ?? 0;
      const trackInstanceId = input.enrolments[index];
      if (!trackInstanceId) return { deleted: 0, page: null };
      const instance = await findInstance(trackInstanceId);
      const outcome = instance && ENROLMENT_OUTCOMES[instance.status];
      const purged = instance && outcome ? (await purgeEnrolment(await caseOf(instance, outcome), actor, new Date(input.at))) === 'purged' : false;
      return { deleted: purged ? 1 : 0, page: index + 1 < input.enrolments.length ? String(index + 1) : null };
    },
  },
  deleting(
    'aliases',
    (userId, page) => db().entities.alias.query.byUser({ userId }).go({ ...go, cursor: page }),
    (alias) => [(tx) => tx.alias.delete({ userId: alias.userId, aliasId: alias.aliasId }).commit()],
  ),
  deleting(
    'tags',
    (userId, page) => db().entities.userTag.query.byUser({ userId }).go({ ...go, cursor: page }),
    (tag) => [(tx) => tx.userTag.delete({ userId: tag.userId, tagId: tag.tagId }).commit()],
  ),
  deleting(
    'comments',
    (userId, page) => db().entities.comment.query.byUser({ userId }).go({ ...go, cursor: page }),
    (comment) => [(tx) => tx.comment.delete({ userId: comment.userId, commentId: comment.commentId }).commit()],
  ),
  deleting(
    'mentors',
    (userId, page) => db().entities.mentorAssignment.query.byMentee({ userId }).go({ ...go, cursor: page }),
    (link) => [(tx) => tx.mentorAssignment.delete({ userId: link.userId, mentorId: link.mentorId }).commit()],
  ),
  deleting(
    'mentees',
    (userId, page) => db().entities.mentorAssignment.query.byMentor({ mentorId: userId }).go({ ...go, cursor: page }),
    (link) => [(tx) => tx.mentorAssignment.delete({ userId: link.userId, mentorId: link.mentorId }).commit()],
  ),
  deleting(
    'memberships',
    (userId, page) => db().entities.churchMembership.query.byUser({ userId }).go({ ...go, cursor: page }),
    (membership) => [(tx) => tx.churchMembership.delete({ userId: membership.userId, membershipId: membership.membershipId }).commit()],
  ),
  // Released through the outbox: the file's record and its stored object go once nothing uses it.
  deleting(
    'files',
    (userId, page) => db().entities.uploadedFile.query.byUser({ userId }).go({ ...go, cursor: page }),
    (file) => releaseFileWrites([file.fileKey]),
  ),
  deleting(
    'documents',
    (userId, page) => db().entities.associatedFile.query.byUser({ userId }).go({ ...go, cursor: page }),
    (file) => [(tx) => tx.associatedFile.delete({ userId: file.userId, stepInstanceId: file.stepInstanceId, fileKey: file.fileKey }).commit()],
  ),
  {
    name: 'history',
    async run({ userId, at }) {
      return { deleted: await expireChain('User', userId, new Date(at)), page: null };
    },
  },
  {
    name: 'directory',
    async run({ userId }) {
      await projectOrWait(() => projectUser(userId));
      return { deleted: 0, page: null };
    },
  },
];

export const erasureJob: JobKind<ErasureJobInput> = {
  async step(job) {
    const cursor: Cursor = (job.cursor as Cursor | undefined) ?? { stage: 0, counts: {} };
    const total = STAGES.length;
    const stage = STAGES[cursor.stage];
    if (!stage) return { done: 0, total, finished: true, result: { erased: cursor.counts } };
    const actor: AuditActor = { actorId: `job:${job.jobId}`, actorName: 'Erasure', onBehalfOf: job.ownerId };
    const { deleted, page } = await stage.run(job.input, cursor.page ?? null, cursor, actor);
    const counts = { ...cursor.counts, [stage.name]: (cursor.counts[stage.name] ?? 0) + deleted };
    if (page === null) return { done: 1, total, cursor: { stage: cursor.stage + 1, counts } };
    return { done: 0, total, cursor: stage.name === 'enrolments' ? { ...cursor, at: Number(page), counts } : { ...cursor, page, counts } };
  },
};
