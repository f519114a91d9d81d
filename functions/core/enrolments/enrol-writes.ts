import { claimKey } from '../../db/claims';
import type { TransactionItem } from '../../db/transact';
import { ConflictError } from '../../lib/errors';
import { eventWrites, trackInstanceLink } from '../outbox/instance-events';
import { ADVISOR_ROLE_ID } from './instance-access';
import type { InstanceRef } from './instance-items';
import { ifRolesVersion, RolesMovedError } from './roles-guard';
import { enrolmentEntry } from '../records/enrolment-records';
import type { AuditActor } from '../records/audit-write';

/**
 * The writes that make one enrolment visible, always in one transaction: the instance, its
 * claim (a participant is enrolled in a track at most once), the template's `instanceCount`
 * (+1, only while the track is not being deleted), the advisors' assignments, the bell
 * events and the enrolment's first audit entry. The step instances go before them (in the same transaction when they fit).
 */
export interface Person {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface PlannedInstance extends InstanceRef {
  participant: Person;
  conferenceId: string;
  districtId: string;
  /** The district's chain: where the enrolment sits for scope checks. */
  ancestorIds: string[];
}

export const ENROLMENT_CLAIM_KIND = 'enrolment';
export const enrolmentClaim = (trackTemplateId: string, participantId: string) => claimKey({ kind: ENROLMENT_CLAIM_KIND, scope: trackTemplateId, name: participantId });

export const alreadyEnrolledMessage = (person: Pick<Person, 'firstName' | 'lastName'>, trackName: string) => `${person.firstName} ${person.lastName} is already enrolled in ${trackName}.`;

const summary = (person: Person) => ({ firstName: person.firstName, lastName: person.lastName, email: person.email });

/** Writes per enrolment besides its steps: instance, claim, count, then an assignment and an event per advisor, the participant's event and the audit entry. */
export const visibilityItemCount = (advisors: number) => 3 + advisors * 2 + 2;

/**
 * `rolesVersion`: the track's `responsibleRolesVersion` read before the parts the step instances
 * were made from (roles-guard.ts). The count's condition holds it with "not being deleted" and
 * "still in the enrolment's conference": a failure (RolesMovedError) means the design moved, the
 * track is being deleted or it moved conference, and the writer reads the track again to tell which.
 * `by`: who enrols (the caller, or the enrolment job acting for its starter); a bare user id is recorded without a name.
 */
export function visibilityWrites(instance: PlannedInstance, advisors: readonly Person[], by: AuditActor | string, rolesVersion: number): TransactionItem[] {
  const { trackInstanceId, trackTemplateId, trackName, participant } = instance;
  const actor = typeof by === 'string' ? { actorId: by, actorName: '' } : by;
  const actorId = actor.onBehalfOf ?? actor.actorId;
  const link = trackInstanceLink(trackTemplateId, trackInstanceId);
  const stamps = { createdAt: instance.createdAt, updatedAt: instance.createdAt };
  return [
    (tx) =>
      tx.trackInstance
        .create({
          trackInstanceId,
          trackTemplateId,
          trackName,
          conferenceId: instance.conferenceId,
          districtId: instance.districtId,
          ancestorIds: instance.ancestorIds,
          status: 'Open',
          participantId: participant.userId,
          participant: summary(participant),
          sortName: `${participant.lastName} ${participant.firstName}`.toLowerCase(),
          assignees: advisors.map((advisor) => ({ userId: advisor.userId, roleId: ADVISOR_ROLE_ID, roleName: 'Advisor', firstName: advisor.firstName, lastName: advisor.lastName })),
          ...stamps,
          version: 1,
        })
        .commit(),
    {
      write: (tx) => tx.claim.create({ ...enrolmentClaim(trackTemplateId, participant.userId), ownerId: trackInstanceId, createdAt: instance.createdAt }).commit(),
      onConditionFailed: () => new ConflictError(alreadyEnrolledMessage(participant, trackName)),
    },
    {
      write: (tx) =>
        tx.trackTemplate
          .patch({ trackTemplateId })
          .add({ instanceCount: 1 })
          // Still in the conference the enrolment copies (a move needs no enrolments, so one racing this is refused here).
          .where((attributes, operations) => `${operations.ne(attributes.status, 'deleting')} AND ${operations.eq(attributes.conferenceId, instance.conferenceId)} AND ${ifRolesVersion(rolesVersion)(attributes, operations)}`)
          .commit(),
      onConditionFailed: () => new RolesMovedError(),
    },
    ...advisors.map(
      (advisor): TransactionItem =>
        (tx) =>
          tx.trackAssignee
            .put({
              trackInstanceId,
              assigneeId: advisor.userId,
              roleId: ADVISOR_ROLE_ID,
              roleName: 'Advisor',
              assignee: summary(advisor),
              trackTemplateId,
              trackName,
              participantId: participant.userId,
              participant: summary(participant),
              createdAt: instance.createdAt,
            })
            .commit(),
    ),
    ...eventWrites({ recipientIds: [participant.userId], actorId, message: `You were enrolled in ${trackName}.`, link }),
    ...advisors.flatMap((advisor) => eventWrites({ recipientIds: [advisor.userId], actorId, message: `You advise ${participant.firstName} ${participant.lastName} in ${trackName}.`, link })),
    enrolmentEntry(actor, { ...instance, participant }, 'enrolment.created', 'enrolment', [
      { field: 'track', after: trackName },
      { field: 'status', after: 'Open' },
      ...advisors.map((advisor) => ({ field: 'Advisor', after: `${advisor.firstName} ${advisor.lastName}` })),
    ]),
  ];
}
