import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

export const COMMENT_TYPES = ['Behavior', 'Character', 'Performance', 'Other'] as const;

/**
 * A comment about a user, with its author's name copied for display. In the user's
 * partition, collection `userProfile` > `userComments` (never in the per-request
 * aggregate). Ids are ULIDs: key order is time order. Only the author removes it.
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
    createdAt,
  },
  indexes: {
    byUser: {
      collection: ['userProfile', 'userComments'],
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['commentId'] },
    },
  },
});
