import type { TransactionWrite } from '../../db/transact';
import { eventWrites } from '../outbox/instance-events';

/**
 * The bell items of a mentor link made or ended (docs/notifications.md): both sides hear of it
 * (not whoever did it), the mentee linked to the mentor's profile, the mentor to the mentee's.
 * Written in the transaction of the link's create or delete.
 */
interface Named {
  firstName: string;
  lastName: string;
}
interface Link {
  menteeId: string;
  mentorId: string;
  mentee: Named;
  mentor: Named;
}

const nameOf = ({ firstName, lastName }: Named) => `${firstName} ${lastName}`;

export function mentorLinkedWrites({ menteeId, mentorId, mentee, mentor }: Link, actorId: string): TransactionWrite[] {
  return [
    ...eventWrites({ recipientIds: [menteeId], actorId, message: `${nameOf(mentor)} is now your mentor.`, link: `/users/${mentorId}` }),
    ...eventWrites({ recipientIds: [mentorId], actorId, message: `You are now the mentor of ${nameOf(mentee)}.`, link: `/users/${menteeId}` }),
  ];
}

/** `sides`: who is told; taking the Mentor role tells the mentor once, of the role, so only the mentees. */
export function mentorLinkEndedWrites({ menteeId, mentorId, mentee, mentor }: Link, actorId: string, sides: 'both' | 'mentee' = 'both'): TransactionWrite[] {
  return [
    ...eventWrites({ recipientIds: [menteeId], actorId, message: `${nameOf(mentor)} is no longer your mentor.`, link: `/users/${mentorId}` }),
    ...(sides === 'both' ? eventWrites({ recipientIds: [mentorId], actorId, message: `You are no longer the mentor of ${nameOf(mentee)}.`, link: `/users/${menteeId}` }) : []),
  ];
}
