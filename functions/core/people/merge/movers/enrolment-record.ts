import type { EntityItem } from 'electrodb';
import type { trackAssignee } from '../../../../db/entities/track-assignee';
import type { trackInstance } from '../../../../db/entities/track-instance';
import type { ItemMove } from './merge-record';

export type TrackInstanceItem = EntityItem<typeof trackInstance>;
export type TrackAssigneeItem = EntityItem<typeof trackAssignee>;
export type AssigneeCopy = TrackInstanceItem['assignees'][number];
export type Person = { firstName: string; lastName: string; email: string };

/** What an undo needs to hand a moved enrolment back: whose it was, and the target's assignments the move ended. */
export interface EnrolmentBefore {
  trackInstanceId: string;
  participantId: string;
  participant: Person;
  sortName: string;
  /** The target's assignments on the enrolment (nobody advises themselves), items and the instance's copy of them. */
  ownAssignments: TrackAssigneeItem[];
  ownCopies: AssigneeCopy[];
}

export const sortNameOf = (person: Pick<Person, 'firstName' | 'lastName'>) => `${person.lastName} ${person.firstName}`.toLowerCase();

/** The record of an enrolment handed to the target (`after`: whose it became). */
export function enrolmentMove(instance: TrackInstanceItem, toUserId: string, target: Person, ownAssignments: TrackAssigneeItem[]): ItemMove {
  const before: EnrolmentBefore = {
    trackInstanceId: instance.trackInstanceId,
    participantId: instance.participantId,
    participant: instance.participant,
    sortName: instance.sortName,
    ownAssignments,
    ownCopies: instance.assignees.filter((a) => a.userId === toUserId),
  };
  const after = { trackInstanceId: instance.trackInstanceId, participantId: toUserId, participant: target, sortName: sortNameOf(target) };
  return { entity: 'trackInstance', before: { ...before }, after, outcome: 'putChanged' };
}
