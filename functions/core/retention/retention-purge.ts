import { log } from '../../lib/log';
import type { AuditChange } from '../../../shared/schemas/audit';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import { db } from '../../db/service';
import { transactInChunks, type TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { findInstance } from '../enrolments/instance-access';
import { releaseFileWrites, readPartitionPage } from '../enrolments/instance-partition';
import { removeLoadedInstance } from '../enrolments/instance-remove';
import { nameCopiesJob } from '../people/name-copies';
import { personRecord } from '../records/audit-records';
import { auditEntryWrite, type AuditActor } from '../records/audit-write';
import { expireChain } from './audit-expiry';
import { keptBecause, type CaseItem } from './retention-due';
import { ENROLMENT_OUTCOMES } from './retention-cases';
import { enrolmentChain, RETENTION_PURGED } from './retention-records';

/**
 * Purging one due record (issue 25, item 3; docs/data-model.md "Retention"), each safe to repeat:
 * the decisive transaction writes the record's tombstone entry (counts, no content) and turns its
 * case into the purged marker, so a repeat finds nothing due; what does not fit one transaction
 * goes first (a person's details) or after it (an enrolment's parts, through the removal job).
 * Files go through the outbox's `releaseFile`. Then the record's other audit entries get their TTL.
 */
export type PurgeOutcome = 'purged' | 'held' | 'enrolled' | 'gone' | 'changed';

/** The partition's parts of a purged record, the same in every run and every conference. */
export const PURGED_PARTITION = 'purged';
/** A purged person's name, where other records still show them (an assignee, a mentor). */
export const PURGED_NAME = { firstName: 'Former', lastName: 'member' };

const count = (field: string, value: number): AuditChange => ({ field, after: String(value) });

/** The case turned into the record's purged marker (erasure writes it too: nothing purges an erased person again). */
export function markerWrite(item: CaseItem, now: string): TransactionItem {
  return (tx) => tx.retentionCase.put({ ...item, conferenceId: PURGED_PARTITION, purgedAt: now }).where(({ purgedAt }, { notExists }) => notExists(purgedAt)).commit();
}

/** What an enrolment's partition holds, counted for the tombstone (files: keys named by uploads and form answers). */
async function enrolmentCounts(trackInstanceId: string): Promise<AuditChange[]> {
  const { page } = await readPartitionPage(trackInstanceId, 10_000);
  const files = new Set<string>();
  for (const content of page.stepContentInstance) for (const file of content.upload?.files ?? []) files.add(file.fileKey);
  for (const form of page.formInstance) for (const key of Array.isArray(form.fieldFiles) ? form.fieldFiles : []) if (typeof key === 'string') files.add(key);
  return [
    count('stepInstances', page.stepInstance.length),
    count('contentInstances', page.stepContentInstance.length),
    count('actionInstances', page.stepActionInstance.length),
    count('formInstances', page.formInstance.length),
    count('files', files.size),
  ];
}

export async function purgeEnrolment(item: CaseItem, actor: AuditActor, now: Date): Promise<PurgeOutcome> {
  const instance = await findInstance(item.recordId);
  if (!instance) return 'gone';
  if (ENROLMENT_OUTCOMES[instance.status] !== item.outcome) return 'changed';
  const kept = await keptBecause(item);
  if (kept) return kept;
  const at = now.toISOString();
  const tombstone = auditEntryWrite({
    actor,
    ...enrolmentChain(instance, 'Purged enrolment'),
    action: RETENTION_PURGED,
    kind: 'retention',
    changes: [{ field: 'outcome', after: item.outcome }, { field: 'closedAt', after: item.closedAt }, ...(await enrolmentCounts(instance.trackInstanceId))],
    at: now,
  });
  await removeLoadedInstance({ userId: actor.onBehalfOf ?? actor.actorId }, instance, [tombstone, markerWrite(item, at)]);
  await expireChain('TrackInstance', instance.trackInstanceId, now);
  return 'purged';
}

/** Profile fields a purged person loses (what identifies or describes them); names become PURGED_NAME. */
export const PERSON_FIELDS_REMOVED = [
  'middleName', 'suffix', 'title', 'gender', 'dateOfBirth', 'ethnicBackground', 'primaryLanguage', 'pendingEmail', 'secondEmail',
  'phoneNumber', 'secondPhoneNumber', 'address', 'avatar', 'gcfaId', 'umcaresId', 'salesforceId', 'pid', 'cognitoUsername',
] as const;

/** A person's own items are read a page at a time, at most PERSON_PAGES_MAX pages of each collection. */
const PERSON_PAGE = 100;
const PERSON_PAGES_MAX = 20;

/** A collection's pages merged (each entity's list joined), or null when more than PERSON_PAGES_MAX pages are left. */
async function boundedPages<T extends Record<string, unknown[]>>(read: (cursor: string | null) => Promise<{ data: T; cursor: string | null }>): Promise<T | null> {
  const merged: Record<string, unknown[]> = {};
  let cursor: string | null = null;
  for (let page = 0; page < PERSON_PAGES_MAX; page++) {
    const result = await read(cursor);
    for (const [entity, items] of Object.entries(result.data)) merged[entity] = [...(merged[entity] ?? []), ...items];
    cursor = result.cursor;
    if (!cursor) return merged as T;
  }
  return null;
}

/** A person's email claim released (theirs, or none left), so the address may be used again. */
export function releaseEmailClaim(email: string, userId: string): TransactionItem {
  return (tx) => tx.userEmail.delete({ email }).where(({ userId: owner }, { eq, notExists }) => `${notExists(owner)} OR ${eq(owner, userId)}`).commit();
}

/**
 * An inactive person without enrolments: their details go (names to a placeholder, the email to
 * an address that reaches nobody, and its claim released), so do their aliases, tags, comments
 * about them, sessions and files; their roles, places, memberships and mentor links stay, which
 * other records and counts need (they read as "Former member").
 */
export async function purgePerson(item: CaseItem, actor: AuditActor, now: Date): Promise<PurgeOutcome> {
  const person = await loadUserAggregate(item.recordId, { consistent: true });
  if (!person) return 'gone';
  if (!person.user.inactive || person.user.mergedUserId) return 'changed';
  const kept = await keptBecause(item);
  if (kept) return kept;
  const { userId, version, email } = person.user;
  const at = now.toISOString();
  const profile = await boundedPages((cursor) => db().collections.userProfile({ userId }).go({ limit: PERSON_PAGE, cursor }));
  const files = await boundedPages((cursor) => db().collections.userFiles({ userId }).go({ limit: PERSON_PAGE, cursor }));
  // Beyond PERSON_PAGES_MAX pages of their own items a person waits, counted as skipped and logged, for an operator.
  if (!profile || !files) {
    log('warn', 'retention: a person holds more items than one purge reads', { userId });
    return 'changed';
  }
  const details = profile as unknown as { alias: Array<{ aliasId: string }>; userTag: Array<{ tagId: string }>; comment: Array<{ commentId: string }>; session: Array<{ sessionId: string }> };
  const fileKeys = [...(files as unknown as { uploadedFile: Array<{ fileKey: string }> }).uploadedFile.map((file) => file.fileKey), ...(person.user.avatar?.key ? [person.user.avatar.key] : [])];
  const leading: TransactionItem[][] = [
    ...details.alias.map((a): TransactionItem[] => [(tx) => tx.alias.delete({ userId, aliasId: a.aliasId }).commit()]),
    ...details.userTag.map((t): TransactionItem[] => [(tx) => tx.userTag.delete({ userId, tagId: t.tagId }).commit()]),
    ...details.comment.map((c): TransactionItem[] => [(tx) => tx.comment.delete({ userId, commentId: c.commentId }).commit()]),
    ...details.session.map((s): TransactionItem[] => [(tx) => tx.session.delete({ userId, sessionId: s.sessionId }).commit()]),
    ...releaseFileWrites(fileKeys).map((write) => [write]),
  ];
  const record = personRecord(person);
  const final: TransactionItem[] = [
    (tx) =>
      tx.user
        .patch({ userId })
        .set({ ...PURGED_NAME, email: `purged-${userId.toLowerCase()}@invalid` })
        .remove([...PERSON_FIELDS_REMOVED])
        .add({ version: 1 })
        .where(ifVersion(version))
        .commit(),
    releaseEmailClaim(email, userId),
    nameCopiesJob(userId, version + 1).write,
    auditEntryWrite({
      actor,
      ...record,
      subject: `${PURGED_NAME.firstName} ${PURGED_NAME.lastName}`,
      action: RETENTION_PURGED,
      kind: 'retention',
      changes: [
        { field: 'outcome', after: item.outcome },
        { field: 'closedAt', after: item.closedAt },
        count('aliases', details.alias.length),
        count('tags', details.userTag.length),
        count('comments', details.comment.length),
        count('files', fileKeys.length),
      ],
      at: now,
    }),
    markerWrite(item, at),
  ];
  await transactInChunks(leading, final);
  await expireChain('User', userId, now);
  return 'purged';
}
