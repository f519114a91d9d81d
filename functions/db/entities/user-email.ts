import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

/**
 * Claims an email for one user. Written with `create` (fails when taken) in the same
 * transaction as the user, because the byEmail index alone cannot enforce uniqueness.
 */
export const userEmail = new Entity({
  model: { entity: 'userEmail', version: '1', service: SERVICE },
  attributes: {
    email: { type: 'string', required: true, readOnly: true, set: (value?: string) => value?.trim().toLowerCase() },
    userId: { type: 'string', required: true },
    createdAt,
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['email'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
