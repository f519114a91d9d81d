import { Entity } from 'electrodb';
import { SERVICE } from './attributes';

/**
 * A row of a designed list: "users in this scope sorted by name", "churches under this
 * conference", "words of user names in this scope" (see ../directory.ts for which lists
 * exist and how entries are derived). `scopeId` is a location id (the System root for
 * everything); `list` names the list; `term` is the sort or search text. A paged table
 * is a Query on (scopeId, list) in term order; a word search is begins_with on term.
 * `display` carries what the table shows, so no further reads are needed.
 */
export const directoryEntry = new Entity({
  model: { entity: 'directoryEntry', version: '1', service: SERVICE },
  attributes: {
    scopeId: { type: 'string', required: true, readOnly: true },
    list: { type: 'string', required: true, readOnly: true },
    term: { type: 'string', required: true, readOnly: true },
    targetId: { type: 'string', required: true, readOnly: true },
    display: { type: 'any', required: true },
  },
  indexes: {
    byList: {
      collection: 'directory',
      pk: { field: 'pk', composite: ['scopeId', 'list'] },
      sk: { field: 'sk', composite: ['term', 'targetId'] },
    },
  },
});
