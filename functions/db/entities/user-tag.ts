import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

/**
 * A tag on a user (name copied for display). In the user's partition (`userProfile`).
 * gsi1 `byTag`: the users carrying a tag, so deleting a tag removes every link.
 */
export const userTag = new Entity({
  model: { entity: 'userTag', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    tagId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    createdAt,
  },
  indexes: {
    byUser: {
      collection: ['userProfile', 'userDetails'],
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['tagId'] },
    },
    byTag: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['tagId'] },
      sk: { field: 'gsi1sk', composite: ['userId'] },
    },
  },
});
