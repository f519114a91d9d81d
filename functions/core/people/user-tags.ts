import type { EntityItem } from 'electrodb';
import { TAG_SEARCH_LIMIT, USER_TAGS_MAX } from '../../../shared/api/limits';
import type { TagView } from '../../../shared/schemas/user-labels';
import { claimKey, claimName, GLOBAL_SCOPE, releaseName } from '../../db/claims';
import { newJob } from '../../db/jobs';
import { normaliseTerm } from '../../db/directory';
import type { tag } from '../../db/entities/tag';
import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { transact, transactUnlessStale, type TransactionWrite } from '../../db/transact';
import { BusinessRuleError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { labelledUser, seenUser } from './labelled-user';
import { personEntry } from '../records/audit-records';
import type { UserAggregate } from '../../db/access/user-aggregate';

type TagItem = EntityItem<typeof tag>;

/**
 * Tags (SPEC.md sections 3, 5 and 7): one list for the whole organisation, each name held
 * once by a claim (kind `tag`, global scope: compared without case and extra spaces), put on
 * users by links in the user's partition (entities/user-tag.ts) that copy the name.
 */
const tagClaim = (name: string, tagId: string) => ({ kind: 'tag', scope: GLOBAL_SCOPE, name, ownerId: tagId });

export const TOO_MANY_TAGS = `A user carries at most ${USER_TAGS_MAX} tags.`;

const tagView = (item: { tagId: string; name: string }): TagView => ({ id: item.tagId, name: item.name });

/** Tag search: a begins_with Query on the tag list (sorted by name), the first TAG_SEARCH_LIMIT. */
export async function searchTags(auth: AuthContext, searchTerm = ''): Promise<TagView[]> {
  // Only those who may tag someone search tags (the route's type-level check passes everyone's own profile).
  if (!auth.ability.can('create', 'User')) throw new ForbiddenError();
  const prefix = normaliseTerm(searchTerm);
  const { data } = await db().entities.tag.query.list({}).begins({ name: prefix }).go({ limit: TAG_SEARCH_LIMIT, count: TAG_SEARCH_LIMIT });
  return data.map(tagView);
}

async function tagsOf(userId: string, consistent = false) {
  const { data } = await db().entities.userTag.query.byUser({ userId }).go({ consistent, limit: USER_TAGS_MAX + 1, count: USER_TAGS_MAX + 1 });
  return data;
}

export async function userTags(auth: AuthContext, userId: string): Promise<TagView[]> {
  await seenUser(auth, userId);
  return (await tagsOf(userId)).slice(0, USER_TAGS_MAX).map(tagView).sort((a, b) => a.name.localeCompare(b.name));
}

async function tagById(tagId: string): Promise<TagItem | null> {
  return (await db().entities.tag.get({ tagId }).go()).data;
}

/** The tag holding this name, through its claim (a key read, never a search). */
async function tagByName(name: string): Promise<TagItem | null> {
  const { data: held } = await db().entities.claim.get(claimKey({ kind: 'tag', scope: GLOBAL_SCOPE, name })).go({ consistent: true });
  return held ? tagById(held.ownerId) : null;
}

/** The link write, after the user's bound is checked; none when the user carries the tag already. */
async function linkWrite(userId: string, item: { tagId: string; name: string }): Promise<TransactionWrite | undefined> {
  const current = await tagsOf(userId, true);
  if (current.some((link) => link.tagId === item.tagId)) return undefined;
  if (current.length >= USER_TAGS_MAX) throw new BusinessRuleError(TOO_MANY_TAGS);
  return (tx) => tx.userTag.put({ userId, tagId: item.tagId, name: item.name }).commit();
}

/** The link and its audit entry; carrying the tag already writes neither (nothing changed). */
async function linkWrites(auth: AuthContext, target: UserAggregate, item: { tagId: string; name: string }): Promise<TransactionWrite[]> {
  const link = await linkWrite(target.user.userId, item);
  if (!link) return [];
  return [link, personEntry(auth, target, 'user.tag.added', 'tags', [{ field: 'tag', after: item.name }])];
}

/** Add Tag by name: the tag of that name, or a new one claiming the name in the same transaction as the link. */
export async function addTagByName(auth: AuthContext, userId: string, name: string): Promise<TagView> {
  const target = await labelledUser(auth, userId);
  const existing = await tagByName(name);
  if (existing) {
    await transact(await linkWrites(auth, target, existing));
    return tagView(existing);
  }
  const created = { tagId: newId(), name };
  try {
    await transact([
      claimName(tagClaim(name, created.tagId), 'name', 'A tag with this name already exists.'),
      (tx) => tx.tag.create(created).commit(),
      ...(await linkWrites(auth, target, created)),
    ]);
    return tagView(created);
  } catch (error) {
    // Someone created the same name a moment ago: put theirs on the user instead.
    const winner = error instanceof ValidationError ? await tagByName(name) : null;
    if (!winner) throw error;
    await transact(await linkWrites(auth, target, winner));
    return tagView(winner);
  }
}

/** Puts an existing tag (a search result) on the user; the tag must still exist when the link is written (a delete racing this one wins). */
export async function addExistingTag(auth: AuthContext, userId: string, tagId: string): Promise<TagView> {
  const target = await labelledUser(auth, userId);
  const item = await tagById(tagId);
  if (!item) throw new NotFoundError(TAG_NOT_FOUND);
  const writes = await linkWrites(auth, target, item);
  if (writes.length) {
    await transact([
      { write: (tx) => tx.tag.check({ tagId }).where(({ tagId: stored }, { exists }) => exists(stored)).commit(), onConditionFailed: () => new NotFoundError(TAG_NOT_FOUND) },
      ...writes,
    ]);
  }
  return tagView(item);
}

const TAG_NOT_FOUND = 'Tag not found.';
export const TAG_REMOVAL_JOB_KIND = 'tag.removeFromUsers';

/**
 * DELETE tag/{tagId} (SPEC.md section 7): tags are one list for the whole organisation, so
 * only a superadmin deletes one (docs/security.md). The tag, its name claim and the job go
 * in one transaction, so the name is free at once and the tag is offered nowhere; the job
 * (tag-removal-job.ts) then takes the links off users a page at a time. Its id is derived
 * from the tag's, so a retried delete cannot start two.
 */
export async function deleteTag(auth: AuthContext, tagId: string): Promise<{ jobId: string }> {
  if (!auth.isSuperadmin) throw new ForbiddenError();
  const item = await tagById(tagId);
  if (!item) throw new NotFoundError(TAG_NOT_FOUND);
  const job = newJob({ kind: TAG_REMOVAL_JOB_KIND, jobId: `tag-delete-${tagId}`, ownerId: auth.userId, title: `Deleting the tag ${item.name}`, input: { tagId } });
  await transact([
    { write: (tx) => tx.tag.delete({ tagId }).where(({ tagId: stored }, { exists }) => exists(stored)).commit(), onConditionFailed: () => new NotFoundError(TAG_NOT_FOUND) },
    releaseName(tagClaim(item.name, tagId)),
    job.write,
  ]);
  return { jobId: job.jobId };
}

/**
 * Takes a tag off a user. The link is read first (one GetItem) for the tag's name in the audit
 * entry; the delete is conditioned on it, so of two removals one writes and records it.
 */
export async function removeUserTag(auth: AuthContext, userId: string, tagId: string): Promise<{ removed: boolean }> {
  const target = await labelledUser(auth, userId);
  const { data: link } = await db().entities.userTag.get({ userId, tagId }).go({ consistent: true });
  if (!link) return { removed: false };
  const removed = await transactUnlessStale([
    (tx) => tx.userTag.delete({ userId, tagId }).where(({ tagId: stored }, { exists }) => exists(stored)).commit(),
    personEntry(auth, target, 'user.tag.removed', 'tags', [{ field: 'tag', before: link.name }]),
  ]);
  return { removed };
}
