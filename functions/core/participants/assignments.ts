import { ASSIGNEES_PER_ROLE_MAX, type InstanceAssignees } from '../../../shared/schemas/participants';
import { ASSIGNEE_ROLE_IDS } from '../../../shared/schemas/participants';
import { db } from '../../db/service';
import { batchGet, transact, type TransactionItem } from '../../db/transact';
import { ifVersion, StaleVersionError } from '../../db/versioned';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { canSeeTarget } from '../users/target-user';
import { loadUserAggregate, type UserAggregate } from '../../db/access/user-aggregate';
import type { TrackCaller } from '../tracks/track-scope';
import { eventWrites, trackInstanceLink } from '../outbox/instance-events';
import { administersInstance, requireManagedInstance, type TrackInstanceItem } from '../enrolments/instance-access';
import { enrolmentEntry } from '../records/enrolment-records';
import type { AuditActor, AuditCaller } from '../records/audit-write';

export type AssigneeRoleId = (typeof ASSIGNEE_ROLE_IDS)[keyof typeof ASSIGNEE_ROLE_IDS];
type Assignee = TrackInstanceItem['assignees'][number];

const roleNameOf = (roleId: AssigneeRoleId) => (roleId === ASSIGNEE_ROLE_IDS.Advisor ? 'Advisor' : 'Interviewer');
const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

export function assigneesView(instance: Pick<TrackInstanceItem, 'trackInstanceId' | 'version' | 'status' | 'assignees'>): InstanceAssignees {
  return {
    trackInstanceId: instance.trackInstanceId,
    version: instance.version,
    status: instance.status,
    assignees: instance.assignees.map((a) => ({ id: a.userId, firstName: a.firstName, lastName: a.lastName, roleId: a.roleId, roleName: a.roleName })),
  };
}

/**
 * The people a change adds, loaded and checked (SPEC.md sections 5 and 6): each exists, is
 * active, holds the role (advisor search keeps Advisors, interviewer search Interviewers), is
 * someone the caller can see, and is not the participant. A refusal names the row.
 */
async function newAssignees(auth: TrackCaller, instance: TrackInstanceItem, roleId: AssigneeRoleId, ids: string[], field: string, allIds: string[], loaded?: ReadonlyMap<string, UserAggregate | null>) {
  const people = await Promise.all(ids.map((id) => (loaded?.has(id) ? loaded.get(id)! : loadUserAggregate(id))));
  const errors: Record<string, string[]> = {};
  people.forEach((person, i) => {
    const problem = assigneeProblem(auth, person, roleId, instance.participantId);
    if (problem) errors[`${field}.${allIds.indexOf(ids[i])}`] = [problem];
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return people.map((person) => person!.user);
}

/** Why this person cannot take the role on an enrolment (of `participantId`, when named), or null. */
export function assigneeProblem(auth: TrackCaller, person: UserAggregate | null, roleId: AssigneeRoleId, participantId?: string): string | null {
  const roleName = roleNameOf(roleId);
  if (!person || person.user.inactive || !canSeeTarget(auth, person)) return 'No such active user.';
  if (person.user.userId === participantId) return `A participant cannot be their own ${roleName}.`;
  if (!person.roles.some((held) => held.roleId === roleId)) return `Only users with the ${roleName} role can be assigned as ${roleName}.`;
  return null;
}

export interface AssignmentChange {
  roleId: AssigneeRoleId;
  /** The role's people after the change. */
  next: (current: string[]) => string[];
  /** The version the client read, when it sent one. */
  version?: number;
  /** Where the ids came from in the body, for field messages. */
  field: string;
  ids: string[];
  /** People already loaded (a bulk job's advisor, once for many rows): not read again. */
  people?: ReadonlyMap<string, UserAggregate | null>;
}

/**
 * One assignment change on one instance (assign, reassign, unassign): the `trackAssignee` items
 * added and removed, the instance's `assignees` copy, and the bell events (each new assignee,
 * and the participant) and the enrolment's audit entry in one transaction on the instance's version. A version the client
 * sent that is no longer current is 409 before anything is read further.
 */
export async function changeAssignments(auth: TrackCaller & AuditCaller, trackInstanceId: string, change: AssignmentChange): Promise<InstanceAssignees> {
  return changeLoadedAssignments(auth, await requireManagedInstance(auth, trackInstanceId), change);
}

/** The change on an instance already loaded and checked as one the caller administers (stale: 409). */
export async function changeLoadedAssignments(auth: TrackCaller & AuditCaller, instance: TrackInstanceItem, change: AssignmentChange): Promise<InstanceAssignees> {
  const { trackInstanceId } = instance;
  if (change.version !== undefined && change.version !== instance.version) throw new StaleVersionError();
  const { roleId } = change;
  const current = instance.assignees.filter((a) => a.roleId === roleId).map((a) => a.userId);
  const next = [...new Set(change.next(current))];
  if (next.length > ASSIGNEES_PER_ROLE_MAX) throw new ValidationError({ [change.field]: [`At most ${ASSIGNEES_PER_ROLE_MAX} people in one role.`] });
  const added = next.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !next.includes(id));
  if (added.length === 0 && removed.length === 0) return assigneesView(instance);

  const people = await newAssignees(auth, instance, roleId, added, change.field, change.ids, change.people);
  const roleName = roleNameOf(roleId);
  const kept = instance.assignees.filter((a) => a.roleId !== roleId || next.includes(a.userId));
  const assignees: Assignee[] = [...kept, ...people.map((p) => ({ userId: p.userId, roleId, roleName, firstName: p.firstName, lastName: p.lastName }))];
  const participant = fullName(instance.participant);
  const link = trackInstanceLink(instance.trackTemplateId, instance.trackInstanceId);

  const writes: TransactionItem[] = [
    (tx) =>
      tx.trackInstance.patch({ trackInstanceId }).set({ assignees }).add({ version: 1 }).where(ifVersion(instance.version)).commit(),
    ...removed.map((assigneeId): TransactionItem => (tx) => tx.trackAssignee.delete({ trackInstanceId, roleId, assigneeId }).commit()),
    ...people.map(
      (person): TransactionItem =>
        (tx) =>
          tx.trackAssignee
            .put({
              trackInstanceId,
              assigneeId: person.userId,
              roleId,
              roleName,
              assignee: { firstName: person.firstName, lastName: person.lastName, email: person.email },
              trackTemplateId: instance.trackTemplateId,
              trackName: instance.trackName,
              participantId: instance.participantId,
              participant: instance.participant,
            })
            .commit(),
    ),
    ...people.flatMap((person) =>
      eventWrites({ recipientIds: [person.userId], actorId: auth.userId, message: `You were assigned as ${roleName} to ${participant} in ${instance.trackName}.`, link }),
    ),
    ...(people.length
      ? eventWrites({
          recipientIds: [instance.participantId],
          actorId: auth.userId,
          message: `${people.map(fullName).join(', ')} ${people.length === 1 ? 'was' : 'were'} assigned as your ${roleName} in ${instance.trackName}.`,
          link,
        })
      : []),
    enrolmentEntry(auth, instance, assigneesAction(added.length, removed.length), 'assignees', [
      ...removed.map((userId) => ({ field: roleName, before: fullName(instance.assignees.find((a) => a.userId === userId && a.roleId === roleId)!) })),
      ...people.map((person) => ({ field: roleName, after: fullName(person) })),
    ]),
  ];
  await transact(writes);
  return assigneesView({ ...instance, assignees, version: instance.version + 1 });
}

/** An assignment change as the History names it: people added, removed, or both at once. */
export const assigneesAction = (added: number, removed: number) => (removed === 0 ? 'enrolment.assignee.added' : added === 0 ? 'enrolment.assignee.removed' : 'enrolment.assignees.changed');

/** One person off an enrolment in one role, as its History records it (the advisor taken off, the role taken away). */
export const assigneeRemovedEntry = (by: AuditCaller | AuditActor, instance: TrackInstanceItem, assignee: Pick<Assignee, 'roleName' | 'firstName' | 'lastName'>) =>
  enrolmentEntry(by, instance, 'enrolment.assignee.removed', 'assignees', [{ field: assignee.roleName, before: fullName(assignee) }]);

/**
 * `DELETE track/removeAdvisorFromInstances`: one advisor off several instances, in one
 * transaction, each instance on the version read. Every named instance must be one the caller
 * administers (404 for a missing one, 403 otherwise); those the advisor is not on are left as they are.
 */
export async function removeAdvisorFromInstances(auth: TrackCaller & AuditCaller, advisorId: string, trackInstanceIds: string[]): Promise<{ removed: number }> {
  const instances = await batchGet<TrackInstanceItem>(db().entities.trackInstance, trackInstanceIds.map((trackInstanceId) => ({ trackInstanceId })));
  if (instances.length !== trackInstanceIds.length) throw new NotFoundError('Track instance not found.');
  if (!instances.every((instance) => administersInstance(auth, instance))) throw new ForbiddenError();
  const roleId = ASSIGNEE_ROLE_IDS.Advisor;
  const touched = instances.filter((instance) => instance.assignees.some((a) => a.roleId === roleId && a.userId === advisorId));
  await transact(
    touched.flatMap((instance): TransactionItem[] => [
      (tx) =>
        tx.trackInstance
          .patch({ trackInstanceId: instance.trackInstanceId })
          .set({ assignees: instance.assignees.filter((a) => !(a.roleId === roleId && a.userId === advisorId)) })
          .add({ version: 1 })
          .where(ifVersion(instance.version))
          .commit(),
      (tx) => tx.trackAssignee.delete({ trackInstanceId: instance.trackInstanceId, roleId, assigneeId: advisorId }).commit(),
      assigneeRemovedEntry(auth, instance, instance.assignees.find((a) => a.roleId === roleId && a.userId === advisorId)!),
    ]),
  );
  return { removed: touched.length };
}
