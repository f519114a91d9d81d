import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';

/**
 * A tag that can be put on users (max 30 characters). gsi1 `list` (its own partition),
 * sorted by name: `GET /user/tag?searchTerm=` is a begins_with Query on the name.
 */
export const tag = new Entity({
  model: { entity: 'tag', version: '1', service: SERVICE },
  attributes: {
    tagId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    ...timestamps,
    version,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['tagId'] },
      sk: { field: 'sk', composite: [] },
    },
    list: {
      index: 'gsi1',
      scope: 'tags',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['name', 'tagId'] },
    },
  },
});
