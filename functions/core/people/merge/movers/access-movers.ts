import type { UserAggregate } from '../../../../db/access/user-aggregate';
import { loadUserAggregate } from '../../../../db/access/user-aggregate';
import { db } from '../../../../db/service';
import { accountPort } from '../../../identity/accounts';
import { changeUserAccess } from '../../../users/user-access-change';
import { endUserSessions } from '../../../session/end-sessions';
import type { ItemMove } from './merge-record';
import { MOVE_PAGE, pageMoved, recordedWrites, type ItemDestination, type MergeJobInput, type MergeMover } from './mover';

/** The source stays signed out: its sessions end and the identity provider refuses it (both repeatable). */
export const sessionsMover: MergeMover = {
  name: 'sessions',
  async movePage({ fromUserId }) {
    const ended = await endUserSessions(fromUserId);
    const source = await loadUserAggregate(fromUserId, { consistent: true });
    if (source) await accountPort().disable({ email: source.user.email, cognitoUsername: source.user.cognitoUsername });
    return { moved: ended, more: false };
  },
};

/**
 * A page of the source's access (roles or permissions) as ONE access change of the target
 * (functions/core/users/user-access-change.ts: planned from the target's current state, its access version moved),
 * so it never races the target's other role or location changes. Each item's record joins it.
 */
function accessMover<T extends Record<string, unknown>>(name: string, entity: 'userRole' | 'permission', read: (merge: MergeJobInput) => Promise<T[]>, destination: (item: T, merge: MergeJobInput, target: UserAggregate) => ItemDestination): MergeMover {
  return {
    name,
    async movePage(merge) {
      const items = await read(merge);
      if (items.length) {
        await changeUserAccess(merge.toUserId, (target) => {
          const moves = items.map((item): ItemMove => {
            const { after, changed } = destination(item, merge, target);
            return after ? { entity, before: item, after, outcome: changed ? 'putChanged' : 'put' } : { entity, before: item, outcome: 'dropped' };
          });
          return { writes: recordedWrites(merge, name, moves), result: undefined };
        });
      }
      return pageMoved(items);
    },
  };
}

/** Roles the target lacks go to it; every source role leaves the source. */
export const rolesMover = accessMover(
  'roles',
  'userRole',
  async ({ fromUserId }) => (await db().entities.userRole.query.byUser({ userId: fromUserId }).go({ limit: MOVE_PAGE, consistent: true })).data,
  (role, { toUserId }, target) => (target.roles.some((held) => held.roleId === role.roleId) ? {} : { after: { userId: toUserId, roleId: role.roleId, roleName: role.roleName } }),
);

/**
 * Location permissions the target lacks (same location, same grant or denial) go to it under
 * the same id, never as a second primary; the others are dropped with the source's access.
 */
export const permissionsMover = accessMover(
  'permissions',
  'permission',
  async ({ fromUserId }) => (await db().entities.permission.query.byUser({ userId: fromUserId }).go({ limit: MOVE_PAGE, consistent: true })).data,
  (permission, { toUserId }, target) => {
    const active = target.permissions.filter((held) => held.active);
    const duplicate = permission.active && active.some((held) => held.entityId === permission.entityId && held.denial === permission.denial);
    const hasPrimary = active.some((held) => held.primary);
    const primary = permission.primary && !hasPrimary;
    return duplicate ? {} : { after: { ...permission, userId: toUserId, primary }, changed: primary !== permission.primary };
  },
);
