import { USER_MEMBERSHIPS_MAX } from '../../../../../shared/api/limits';
import { db } from '../../../../db/service';
import { itemMover, MOVE_PAGE } from './mover';

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
  entity: 'churchMembership',
  read: async ({ fromUserId }) => (await db().entities.churchMembership.query.byUser({ userId: fromUserId }).go(page)).data,
  async targetState({ toUserId }) {
    const { data: held } = await db().entities.churchMembership.query.byUser({ userId: toUserId }).go({ limit: USER_MEMBERSHIPS_MAX, consistent: true });
    return { activeChurches: new Set(held.filter((membership) => membership.active).map((membership) => membership.churchId)), hasPrimary: held.some((membership) => membership.active && membership.primary) };
  },
  destination: (membership, { toUserId }, { activeChurches, hasPrimary }) => {
    const moved = activeChurches.has(membership.churchId) ? { ...membership, active: false, primary: false, constituent: false } : { ...membership, primary: membership.primary && !hasPrimary };
    const changed = moved.active !== membership.active || moved.primary !== membership.primary || moved.constituent !== membership.constituent;
    return { after: { ...moved, userId: toUserId }, changed };
  },
});

/** Aliases move under the same id, except one the target already has (same text, any case). */
export const aliasesMover = itemMover({
  name: 'aliases',
  entity: 'alias',
  read: async ({ fromUserId }) => (await db().entities.alias.query.byUser({ userId: fromUserId }).go(page)).data,
  async targetState({ toUserId }) {
    const { data: held } = await db().entities.alias.query.byUser({ userId: toUserId }).go({ limit: ALIASES_READ, consistent: true });
    return new Set(held.map((alias) => alias.alias.trim().toLowerCase()));
  },
  destination: (alias, { toUserId }, known) => (known.has(alias.alias.trim().toLowerCase()) ? {} : { after: { ...alias, userId: toUserId } }),
});

/** Tags move (a tag the target carries already is the same item key: the source's is dropped). */
export const tagsMover = itemMover({
  name: 'tags',
  entity: 'userTag',
  read: async ({ fromUserId }) => (await db().entities.userTag.query.byUser({ userId: fromUserId }).go(page)).data,
  destination: (tag, { toUserId }) => ({ after: { ...tag, userId: toUserId } }),
});

/** Comments about the source become comments about the target (same ids: time order kept; authors unchanged). */
export const commentsMover = itemMover({
  name: 'comments',
  entity: 'comment',
  read: async ({ fromUserId }) => (await db().entities.comment.query.byUser({ userId: fromUserId }).go(page)).data,
  destination: (comment, { toUserId }) => ({ after: { ...comment, userId: toUserId } }),
});
