import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

/**
 * A user holds a role. Lives in the user's partition (part of the per-request aggregate).
 * gsi1 `byRole`: the users holding a role (role removal side effects, role counts).
 */
export const userRole = new Entity({
  model: { entity: 'userRole', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    roleId: { type: 'string', required: true, readOnly: true },
    roleName: { type: 'string', required: true },
    createdAt,
  },
  indexes: {
    byUser: {
      collection: ['userProfile', 'userAggregate'],
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['roleId'] },
    },
    byRole: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['roleId'] },
      sk: { field: 'gsi1sk', composite: ['userId'] },
    },
  },
});
