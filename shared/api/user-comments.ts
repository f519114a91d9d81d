import * as z from 'zod';
import { defineContract } from './contract';
import { idArray, idSchema } from './id-list';
import { COMMENT_ROWS_MAX, commentRowSchema, commentSchema } from '../schemas/user-labels';

/**
 * Comments about a user (SPEC.md sections 2, 5 and 7); shared/api/user.ts adds these to
 * userApi. Never shown to the user themself; read and written where the caller's roles
 * govern Comment at the user's locations; removed by their author only.
 */
export const userCommentContracts = {
  comments: defineContract({
    id: 'user.comments', service: 'user', method: 'GET', path: '/api/user/user-profile-comments/{userId}', access: 'session', can: ['read', 'Comment'],
    summary: "The Comments panel: a user's newest comments (USER_COMMENTS_MAX), newest first, with whether the caller wrote each.",
    params: z.object({ userId: idSchema }),
    response: z.array(commentSchema),
  }),
  addComments: defineContract({
    id: 'user.addComments', service: 'user', method: 'POST', path: '/api/user/{id}/comment', access: 'session', can: ['create', 'Comment'],
    summary: "Add Comments for User: one to ten rows, each with a type and a text, written at once with the caller as author; returns the new comments.",
    params: z.object({ id: idSchema }),
    body: z.object({ comments: z.array(commentRowSchema).min(1, 'Add at least one comment.').max(COMMENT_ROWS_MAX, `At most ${COMMENT_ROWS_MAX} comments at once.`) }),
    response: z.array(commentSchema),
    status: 201,
  }),
  removeComments: defineContract({
    id: 'user.removeComments', service: 'user', method: 'DELETE', path: '/api/user/comments', access: 'session', can: ['read', 'Comment'],
    summary: "Removes the caller's own comments about a user (SPEC.md section 5: removal only for own comments; any other in the list refuses the whole call).",
    body: z.object({ userId: idSchema, comments: idArray('Select at least one comment.') }),
    response: z.object({ removed: z.number().int() }),
  }),
};
