import type { EntityItem } from 'electrodb';
import { USER_COMMENTS_MAX } from '../../../shared/api/limits';
import { scoped } from '../../../shared/auth/ability';
import type { Action } from '../../../shared/auth/vocabulary';
import type { CommentRow, CommentView } from '../../../shared/schemas/user-labels';
import type { comment } from '../../db/entities/comment';
import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { batchGet, transact, type TransactionWrite } from '../../db/transact';
import { AUDIT_CHANGES_MAX } from '../../../shared/schemas/audit';
import { ForbiddenError } from '../../lib/errors';
import { userScope } from '../users/target-user';
import type { AuthContext } from '../session/resolve-session';
import { seenUser } from './labelled-user';
import { personEntry } from '../records/audit-records';

type CommentItem = EntityItem<typeof comment>;

/**
 * Comments about a user (SPEC.md sections 2 and 5). Comments are about someone, for those
 * who follow them: never shown to the user themself, read and written where a role of the
 * caller governs Comment at the user's locations, removed only by their author.
 */
async function commentedUser(auth: AuthContext, userId: string, action: Action) {
  const target = await seenUser(auth, userId);
  if (userId === auth.userId || !auth.ability.can(action, scoped('Comment', userScope(target)))) throw new ForbiddenError();
  return target;
}

const commentView = (auth: AuthContext, item: CommentItem): CommentView => ({
  id: item.commentId,
  createdAt: item.createdAt,
  type: item.type,
  comment: item.comment,
  author: item.author,
  mine: item.author.id === auth.userId,
});

/** The newest comments first (ids are ULIDs: key order is time order). */
export async function listComments(auth: AuthContext, userId: string): Promise<CommentView[]> {
  await commentedUser(auth, userId, 'read');
  const { data } = await db().entities.comment.query.byUser({ userId }).go({ order: 'desc', limit: USER_COMMENTS_MAX, count: USER_COMMENTS_MAX });
  return data.map((item) => commentView(auth, item));
}

/** All rows in one transaction (at most COMMENT_ROWS_MAX), the caller as author. */
export async function addComments(auth: AuthContext, userId: string, rows: CommentRow[]): Promise<CommentView[]> {
  const target = await commentedUser(auth, userId, 'create');
  const author = { id: auth.userId, firstName: auth.user.firstName, lastName: auth.user.lastName };
  const now = Date.now();
  const items: CommentItem[] = rows.map((row, index) => ({
    userId,
    commentId: newId(now + index),
    type: row.type,
    comment: row.comment,
    author,
    authorId: auth.userId,
    createdAt: new Date(now).toISOString(),
  }));
  // Comments may be confidential: the entry names them by id and type, never their text.
  const added = items.map((item) => ({ field: `comment ${item.commentId}`, after: item.type ?? 'comment' }));
  const creates: TransactionWrite[] = items.map(({ authorId: _derived, ...item }) => (tx) => tx.comment.create(item).commit());
  await transact([...creates, personEntry(auth, target, 'user.comment.added', 'comments', added)]);
  return items.map((item) => commentView(auth, item)).reverse();
}

/** Removes the caller's own comments; a comment of someone else's in the list refuses the whole call (missing ones are already gone). */
export async function removeComments(auth: AuthContext, userId: string, commentIds: string[]): Promise<{ removed: number }> {
  const target = await commentedUser(auth, userId, 'read');
  const found = await batchGet<CommentItem>(db().entities.comment, [...new Set(commentIds)].map((commentId) => ({ userId, commentId })));
  if (found.some((item) => item.author.id !== auth.userId)) throw new ForbiddenError('Only your own comments can be removed.');
  // An entry lists at most AUDIT_CHANGES_MAX comments: each such group is one transaction with its entry (removing is repeatable).
  for (let start = 0; start < found.length; start += AUDIT_CHANGES_MAX) {
    const group = found.slice(start, start + AUDIT_CHANGES_MAX);
    const deletes: TransactionWrite[] = group.map((item) => (tx) => tx.comment.delete({ userId, commentId: item.commentId }).commit());
    const removed = group.map((item) => ({ field: `comment ${item.commentId}`, before: item.type ?? 'comment' }));
    await transact([...deletes, personEntry(auth, target, 'user.comment.removed', 'comments', removed)]);
  }
  return { removed: found.length };
}
