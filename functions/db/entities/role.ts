import { Entity } from 'electrodb';
import { SERVICE, stringList, timestamps, version } from './attributes';

/**
 * A role and its policies. Main key: by id (BatchGet for a user's roles).
 * gsi1 `list` (its own partition): every role sorted by name in one Query; roles are few.
 */
export const role = new Entity({
  model: { entity: 'role', version: '1', service: SERVICE },
  attributes: {
    roleId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    system: { type: 'boolean', required: true, default: false },
    policies: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          actions: { ...stringList, required: true },
          subjects: { ...stringList, required: true },
        },
      },
    },
    ...timestamps,
    version,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['roleId'] },
      sk: { field: 'sk', composite: [] },
    },
    list: {
      index: 'gsi1',
      scope: 'roles',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['name', 'roleId'] },
    },
  },
});
