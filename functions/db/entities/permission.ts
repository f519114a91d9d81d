import { Entity } from 'electrodb';
import { LOCATION_KINDS } from '../../../shared/auth/vocabulary';
import { SERVICE, stringList, timestamps, version } from './attributes';

/**
 * A location permission: the user belongs to (or, with `denial`, is barred from) a
 * location. Carries the location's ancestor ids so scope checks need no further read.
 * Main key: in the user's aggregate. gsi1 `byLocation`: users with a permission on a
 * location. gsi3 `byId`: the routes that name a permission by its id alone.
 */
export const permission = new Entity({
  model: { entity: 'permission', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    permissionId: { type: 'string', required: true, readOnly: true },
    entity: { type: LOCATION_KINDS, required: true, readOnly: true },
    entityId: { type: 'string', required: true, readOnly: true },
    /** The location's ancestors, outermost first, ending with the location itself. */
    ancestorIds: { ...stringList, required: true },
    active: { type: 'boolean', required: true, default: true },
    primary: { type: 'boolean', required: true, default: false },
    denial: { type: 'boolean', required: true, default: false },
    ...timestamps,
    version,
  },
  indexes: {
    byUser: {
      collection: ['userProfile', 'userAggregate'],
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['permissionId'] },
    },
    byLocation: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['entityId'] },
      sk: { field: 'gsi1sk', composite: ['userId', 'permissionId'] },
    },
    byId: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['permissionId'] },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
});
