import { Entity } from 'electrodb';
import { SERVICE } from './attributes';

/**
 * How many distinct targets a directory list holds (users in a scope, churches under a
 * conference ...): `GET /{entity}/count` and the quick-search `count`. Sorts before the
 * list's entries (`$directory#directorycount_1` < `$directory#directoryentry_1#...`), so an
 * ascending page Query can return the count with the first page. Changed only in the
 * same transaction as the entry that adds or removes a target.
 */
export const directoryCount = new Entity({
  model: { entity: 'directoryCount', version: '1', service: SERVICE },
  attributes: {
    scopeId: { type: 'string', required: true, readOnly: true },
    list: { type: 'string', required: true, readOnly: true },
    count: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byList: {
      collection: 'directory',
      pk: { field: 'pk', composite: ['scopeId', 'list'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
