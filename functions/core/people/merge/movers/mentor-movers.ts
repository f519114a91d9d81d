import { db } from '../../../../db/service';
import { itemMover, MOVE_PAGE } from './mover';
import { summaryOf } from './target-summary';

/** The source's mentors become the target's (in the mentee's partition), except the target itself: nobody mentors themselves. */
export const menteeLinksMover = itemMover({
  name: 'mentors',
  entity: 'mentorAssignment',
  read: async ({ fromUserId }) => (await db().entities.mentorAssignment.query.byMentee({ userId: fromUserId }).go({ limit: MOVE_PAGE, consistent: true })).data,
  targetState: summaryOf,
  destination: (link, { toUserId }, mentee) => (link.mentorId === toUserId ? {} : { after: { ...link, userId: toUserId, mentee }, changed: true }),
});

/**
 * The source's mentees become the target's (each link lives in its mentee's partition, found
 * through `byMentor`). The index trails the table a moment: a link seen again after its move
 * is moved again, to the same result.
 */
export const mentorLinksMover = itemMover({
  name: 'mentees',
  entity: 'mentorAssignment',
  read: async ({ fromUserId }) => (await db().entities.mentorAssignment.query.byMentor({ mentorId: fromUserId }).go({ limit: MOVE_PAGE })).data,
  targetState: summaryOf,
  destination: (link, { toUserId }, mentor) => (link.userId === toUserId ? {} : { after: { ...link, mentorId: toUserId, mentor }, changed: true }),
});
