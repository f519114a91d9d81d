import { db } from '../../../../db/service';
import { itemMover, MOVE_PAGE, type Tx } from './mover';
import { summaryOf } from './target-summary';

/** The source's mentors become the target's (in the mentee's partition), except the target itself: nobody mentors themselves. */
export const menteeLinksMover = itemMover({
  name: 'mentors',
  read: async ({ fromUserId }) => (await db().entities.mentorAssignment.query.byMentee({ userId: fromUserId }).go({ limit: MOVE_PAGE, consistent: true })).data,
  targetState: summaryOf,
  writes: (link, { fromUserId, toUserId }, mentee) => [
    ...(link.mentorId === toUserId ? [] : [(tx: Tx) => tx.mentorAssignment.put({ ...link, userId: toUserId, mentee }).commit()]),
    (tx: Tx) => tx.mentorAssignment.delete({ userId: fromUserId, mentorId: link.mentorId }).commit(),
  ],
});

/**
 * The source's mentees become the target's (each link lives in its mentee's partition, found
 * through `byMentor`). The index trails the table a moment: a link seen again after its move
 * is moved again, to the same result.
 */
export const mentorLinksMover = itemMover({
  name: 'mentees',
  read: async ({ fromUserId }) => (await db().entities.mentorAssignment.query.byMentor({ mentorId: fromUserId }).go({ limit: MOVE_PAGE })).data,
  targetState: summaryOf,
  writes: (link, { fromUserId, toUserId }, mentor) => [
    ...(link.userId === toUserId ? [] : [(tx: Tx) => tx.mentorAssignment.put({ ...link, mentorId: toUserId, mentor }).commit()]),
    (tx: Tx) => tx.mentorAssignment.delete({ userId: link.userId, mentorId: fromUserId }).commit(),
  ],
});
