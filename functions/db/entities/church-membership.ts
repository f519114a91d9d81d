import { Entity } from 'electrodb';
import { SERVICE, stringList, timestamps, version } from './attributes';

/**
 * A user's membership of a church ('Home' in the UI is `constituent`). In the user's
 * partition (`userProfile`). gsi1 `byChurch`: the members of a church. gsi3 `byId`: the
 * routes that name a membership by its id alone (deactivate, constituent toggle).
 */
export const churchMembership = new Entity({
  model: { entity: 'churchMembership', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    membershipId: { type: 'string', required: true, readOnly: true },
    churchId: { type: 'string', required: true, readOnly: true },
    churchName: { type: 'string', required: true },
    /** The church's ancestors and itself, as on permissions. */
    ancestorIds: { ...stringList, required: true },
    active: { type: 'boolean', required: true, default: true },
    primary: { type: 'boolean', required: true, default: false },
    constituent: { type: 'boolean', required: true, default: true },
    ...timestamps,
    version,
  },
  indexes: {
    byUser: {
      collection: ['userProfile', 'userDetails'],
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['membershipId'] },
    },
    byChurch: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['churchId'] },
      sk: { field: 'gsi1sk', composite: ['userId', 'membershipId'] },
    },
    byId: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['membershipId'] },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
});
