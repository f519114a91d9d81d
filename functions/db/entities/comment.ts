import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

import { COMMENT_TYPES } from '../../../shared/schemas/user-labels';

export { COMMENT_TYPES };

/**
 * A comment about a user, with its author's name copied for display. In the user's
 * partition, collection `userProfile` > `userComments` (never in the per-request
 * aggregate). Ids are ULIDs: key order is time order. Only the author removes it.
 * gsi2 `byAuthor`: the comments a user wrote, so a renamed author's copies are refreshed
 * (functions/core/jobs/name-copies-job.ts); `authorId` is derived from `author` by itself.
 */
export const comment = new Entity({
  model: { entity: 'comment', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    commentId: { type: 'string', required: true, readOnly: true },
    type: { type: COMMENT_TYPES, required: true, default: 'Behavior' },
    comment: { type: 'string', required: true },
    author: {
      type: 'map',
      required: true,
      properties: {
        id: { type: 'string', required: true },
        firstName: { type: 'string', required: true },
        lastName: { type: 'string', required: true },
      },
    },
    authorId: { type: 'string', readOnly: true, watch: ['author'], set: (_value: unknown, item: { author?: { id?: string } }) => item.author?.id },
    createdAt,
  },
  indexes: {
    byUser: {
      collection: ['userProfile', 'userComments'],
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['commentId'] },
    },
    byAuthor: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['authorId'] },
      sk: { field: 'gsi2sk', composite: ['commentId'] },
    },
  },
});
