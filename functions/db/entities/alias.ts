import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

/** Another name a user is known by. In the user's partition (collection `userProfile`). */
export const alias = new Entity({
  model: { entity: 'alias', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    aliasId: { type: 'string', required: true, readOnly: true },
    alias: { type: 'string', required: true },
    createdAt,
  },
  indexes: {
    byUser: {
      collection: ['userProfile', 'userDetails'],
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['aliasId'] },
    },
  },
});
