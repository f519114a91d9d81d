import { Entity } from 'electrodb';
import { SERVICE } from './attributes';

/**
 * How many forms there are: the `/forms` table's total. Changed only in the transaction
 * that creates a form, so it is exact without reading the list.
 */
export const formCount = new Entity({
  model: { entity: 'formCount', version: '1', service: SERVICE },
  attributes: {
    count: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
