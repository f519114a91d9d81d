import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';
import { personSummary } from './people';

/** A user in an interview group. In the group's collection; gsi1 `byUser`: a user's groups. */
export const userGroupMember = new Entity({
  model: { entity: 'userGroupMember', version: '1', service: SERVICE },
  attributes: {
    userGroupId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    user: personSummary,
    createdAt,
  },
  indexes: {
    byGroup: {
      collection: 'userGroupAggregate',
      pk: { field: 'pk', composite: ['userGroupId'] },
      sk: { field: 'sk', composite: ['userId'] },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'] },
      sk: { field: 'gsi1sk', composite: ['userGroupId'] },
    },
  },
});
