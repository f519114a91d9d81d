import type { UserAggregate } from '../../../../db/access/user-aggregate';
import { loadUserAggregate } from '../../../../db/access/user-aggregate';
import { db } from '../../../../db/service';
import type { TransactionWrite } from '../../../../db/transact';
import { accountPort } from '../../../identity/accounts';
import { changeUserAccess } from '../../../users/user-access-change';
import { endUserSessions } from '../../../session/end-sessions';
import { MOVE_PAGE, pageMoved, type MergeJobInput, type MergeMover, type Tx } from './mover';

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
 * so it never races the target's other role or location changes.
 */
function accessMover<T>(name: string, read: (merge: MergeJobInput) => Promise<T[]>, writes: (item: T, merge: MergeJobInput, target: UserAggregate) => TransactionWrite[]): MergeMover {
  return {
    name,
    async movePage(merge) {
      const items = await read(merge);
      if (items.length) await changeUserAccess(merge.toUserId, (target) => ({ writes: items.flatMap((item) => writes(item, merge, target)), result: undefined }));
      return pageMoved(items);
    },
  };
}

/** Roles the target lacks go to it; every source role leaves the source. */
export const rolesMover = accessMover(
  'roles',
  async ({ fromUserId }) => (await db().entities.userRole.query.byUser({ userId: fromUserId }).go({ limit: MOVE_PAGE, consistent: true })).data,
  (role, { fromUserId, toUserId }, target) => [
    ...(target.roles.some((held) => held.roleId === role.roleId) ? [] : [(tx: Tx) => tx.userRole.put({ userId: toUserId, roleId: role.roleId, roleName: role.roleName }).commit()]),
    (tx: Tx) => tx.userRole.delete({ userId: fromUserId, roleId: role.roleId }).commit(),
  ],
);

/**
 * Location permissions the target lacks (same location, same grant or denial) go to it under
 * the same id, never as a second primary; the others are dropped with the source's access.
 */
export const permissionsMover = accessMover(
  'permissions',
  async ({ fromUserId }) => (await db().entities.permission.query.byUser({ userId: fromUserId }).go({ limit: MOVE_PAGE, consistent: true })).data,
  (permission, { fromUserId, toUserId }, target) => {
    const active = target.permissions.filter((held) => held.active);
    const duplicate = permission.active && active.some((held) => held.entityId === permission.entityId && held.denial === permission.denial);
    const hasPrimary = active.some((held) => held.primary);
    return [
      ...(duplicate ? [] : [(tx: Tx) => tx.permission.put({ ...permission, userId: toUserId, primary: permission.primary && !hasPrimary }).commit()]),
      (tx: Tx) => tx.permission.delete({ userId: fromUserId, permissionId: permission.permissionId }).commit(),
    ];
  },
);
