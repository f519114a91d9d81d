import type { EntityItem } from 'electrodb';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { db } from '../../db/service';
import { ifVersion } from '../../db/versioned';
import { batchGet, type TransactionEntities, type TransactionWrite } from '../../db/transact';
import type { trackInstance } from '../../db/entities/track-instance';
import { BusinessRuleError } from '../../lib/errors';
import { changeUserAccess } from '../users/user-access-change';
import type { AuditActor } from '../records/audit-write';
import type { RoleItem } from '../../db/access/role-store';
import { isSystemRole } from './role-view';
import { eventWrites } from '../outbox/instance-events';
import { mentorLinkEndedWrites } from '../people/mentor-events';
import { assigneeRemovedEntry } from '../participants/assignments';

type TrackInstanceItem = EntityItem<typeof trackInstance>;

export interface RoleRemovalResult {
  menteesRemoved: number;
  advisorAssignmentsRemoved: number;
}

/**
 * Most side-effect items one role removal takes with it. Reads stop just past it; a user with
 * more gets a clear refusal rather than an unbounded request.
 */
export const ROLE_REMOVAL_MAX_SIDE_EFFECTS = 500;

function withinBound<T>(items: T[], what: string): T[] {
  if (items.length > ROLE_REMOVAL_MAX_SIDE_EFFECTS) {
    throw new BusinessRuleError(`This user has more than ${ROLE_REMOVAL_MAX_SIDE_EFFECTS} ${what}: end some of them before removing the role.`);
  }
  return items;
}

/**
 * Taking Mentor ends the user's mentorships as mentor (SPEC.md section 4): each delete with its
 * mentee's bell item, conditioned on the link being there (a link ended meanwhile makes the
 * plan re-read, so nobody is told twice). The mentor hears of the role, not of each link.
 */
async function mentorshipDeletes(mentorId: string, actorId: string): Promise<TransactionWrite[][]> {
  const { data: found } = await db().entities.mentorAssignment.query.byMentor({ mentorId }).go({ limit: ROLE_REMOVAL_MAX_SIDE_EFFECTS + 1 });
  const data = withinBound(found, 'mentorships');
  return data.map((item) => [
    (tx: TransactionEntities) => tx.mentorAssignment.delete({ userId: item.userId, mentorId }).where(({ mentorId: linked }, { exists }) => exists(linked)).commit(),
    ...mentorLinkEndedWrites({ ...item, menteeId: item.userId }, actorId, 'mentee'),
  ]);
}

/**
 * Taking Advisor removes the user as advisor from track instances (SPEC.md section 4): for each
 * assignment, the `trackAssignee` item and the instance's copied assignee list (on the version
 * read, so a concurrent assignment change makes the plan re-read and run again) and, with an
 * actor, the enrolment's audit entry: one group that transactInChunks never splits.
 */
async function advisorAssignmentDeletes(assigneeId: string, advisorRoleId: string, actor?: AuditActor): Promise<{ writes: TransactionWrite[][]; removed: number }> {
  const { data } = await db().entities.trackAssignee.query.byAssignee({ assigneeId }).go({ limit: ROLE_REMOVAL_MAX_SIDE_EFFECTS + 1 });
  const assignments = withinBound(data, 'track assignments').filter((item) => item.roleId === advisorRoleId);
  if (assignments.length === 0) return { writes: [], removed: 0 };
  const instances = await batchGet<TrackInstanceItem>(
    db().entities.trackInstance,
    [...new Set(assignments.map((item) => item.trackInstanceId))].map((trackInstanceId) => ({ trackInstanceId })),
  );
  const byId = new Map(instances.map((instance) => [instance.trackInstanceId, instance]));
  // An assignment whose instance is gone belongs to that instance's removal, which deletes its assignees.
  const live = assignments.filter((item) => byId.has(item.trackInstanceId));
  const writes = live.map((item): TransactionWrite[] => {
    const instance = byId.get(item.trackInstanceId)!;
    const remove: TransactionWrite = (tx: TransactionEntities) => tx.trackAssignee.delete({ trackInstanceId: item.trackInstanceId, roleId: advisorRoleId, assigneeId }).commit();
    const patch: TransactionWrite = (tx: TransactionEntities) =>
      tx.trackInstance
        .patch({ trackInstanceId: instance.trackInstanceId })
        .set({ assignees: instance.assignees.filter((a) => !(a.userId === assigneeId && a.roleId === advisorRoleId)) })
        .add({ version: 1 })
        .where(ifVersion(instance.version))
        .commit();
    const entry = actor ? [assigneeRemovedEntry(actor, instance, { roleName: item.roleName, ...item.assignee })] : [];
    return [patch, remove, ...entry];
  });
  return { writes, removed: live.length };
}

/**
 * Takes a role from one user who holds it, with its side effects. The userRole delete (with the
 * user's bell item) and the side-effect writes are one transaction with the user's access version; past DynamoDB's
 * 100 items the side effects go first in transactions of their own (they are repeatable
 * deletes), and the role delete commits last.
 */
export async function takeRoleFromUser(target: UserAggregate, role: RoleItem, actorId: string, auditActor?: AuditActor): Promise<RoleRemovalResult> {
  return changeUserAccess(target.user.userId, async (fresh) => {
    const userId = fresh.user.userId;
    if (!fresh.roles.some((held) => held.roleId === role.roleId)) return { writes: [], result: { menteesRemoved: 0, advisorAssignmentsRemoved: 0 } };
    const mentorships = isSystemRole(role, 'Mentor') ? await mentorshipDeletes(userId, actorId) : [];
    const advisor = isSystemRole(role, 'Advisor') ? await advisorAssignmentDeletes(userId, role.roleId, auditActor) : { writes: [], removed: 0 };
    // The holder hears of it as of a grant (role-assignment.ts), on their profile.
    const told = eventWrites({ recipientIds: [userId], actorId, message: `You no longer have the ${role.name} role.`, link: `/users/${userId}` });
    return {
      writes: [(tx) => tx.userRole.delete({ userId, roleId: role.roleId }).where((attr, op) => op.exists(attr.roleId)).commit(), ...told],
      sideEffects: [...mentorships, ...advisor.writes],
      result: { menteesRemoved: mentorships.length, advisorAssignmentsRemoved: advisor.removed },
      audit: { action: 'user.role.removed', kind: 'roles', changes: [{ field: 'role', before: role.name }] },
    };
  }, auditActor);
}
