import { USER_MEMBERSHIPS_MAX } from '../../../../../shared/api/limits';
import { db } from '../../../../db/service';
import { itemMover, MOVE_PAGE, type Tx } from './mover';

/** A user's aliases are few; duplicates beyond this many are merely kept twice. */
const ALIASES_READ = 200;
const page = { limit: MOVE_PAGE, consistent: true } as const;

/**
 * Church memberships move under the same id. A church the target is already an active member
 * of keeps the target's membership; the source's arrives removed (not active, primary or
 * 'Home'), as history. Never a second primary.
 */
export const membershipsMover = itemMover({
  name: 'memberships',
  read: async ({ fromUserId }) => (await db().entities.churchMembership.query.byUser({ userId: fromUserId }).go(page)).data,
  async targetState({ toUserId }) {
    const { data: held } = await db().entities.churchMembership.query.byUser({ userId: toUserId }).go({ limit: USER_MEMBERSHIPS_MAX, consistent: true });
    return { activeChurches: new Set(held.filter((membership) => membership.active).map((membership) => membership.churchId)), hasPrimary: held.some((membership) => membership.active && membership.primary) };
  },
  writes: (membership, { fromUserId, toUserId }, { activeChurches, hasPrimary }) => {
    const moved = activeChurches.has(membership.churchId) ? { ...membership, active: false, primary: false, constituent: false } : { ...membership, primary: membership.primary && !hasPrimary };
    return [(tx: Tx) => tx.churchMembership.put({ ...moved, userId: toUserId }).commit(), (tx: Tx) => tx.churchMembership.delete({ userId: fromUserId, membershipId: membership.membershipId }).commit()];
  },
});

/** Aliases move under the same id, except one the target already has (same text, any case). */
export const aliasesMover = itemMover({
  name: 'aliases',
  read: async ({ fromUserId }) => (await db().entities.alias.query.byUser({ userId: fromUserId }).go(page)).data,
  async targetState({ toUserId }) {
    const { data: held } = await db().entities.alias.query.byUser({ userId: toUserId }).go({ limit: ALIASES_READ, consistent: true });
    return new Set(held.map((alias) => alias.alias.trim().toLowerCase()));
  },
  writes: (alias, { fromUserId, toUserId }, known) => [
    ...(known.has(alias.alias.trim().toLowerCase()) ? [] : [(tx: Tx) => tx.alias.put({ ...alias, userId: toUserId }).commit()]),
    (tx: Tx) => tx.alias.delete({ userId: fromUserId, aliasId: alias.aliasId }).commit(),
  ],
});

/** Tags move (a tag the target carries already is the same item key: the put changes nothing). */
export const tagsMover = itemMover({
  name: 'tags',
  read: async ({ fromUserId }) => (await db().entities.userTag.query.byUser({ userId: fromUserId }).go(page)).data,
  writes: (tag, { fromUserId, toUserId }) => [(tx: Tx) => tx.userTag.put({ ...tag, userId: toUserId }).commit(), (tx: Tx) => tx.userTag.delete({ userId: fromUserId, tagId: tag.tagId }).commit()],
});

/** Comments about the source become comments about the target (same ids: time order kept; authors unchanged). */
export const commentsMover = itemMover({
  name: 'comments',
  read: async ({ fromUserId }) => (await db().entities.comment.query.byUser({ userId: fromUserId }).go(page)).data,
  writes: (comment, { fromUserId, toUserId }) => [
    (tx: Tx) => tx.comment.put({ ...comment, userId: toUserId }).commit(),
    (tx: Tx) => tx.comment.delete({ userId: fromUserId, commentId: comment.commentId }).commit(),
  ],
});
