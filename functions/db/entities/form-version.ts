import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

/**
 * A published version of a form, immutable: form instances point at the version they
 * were filled in with. Numbers are zero-padded in the key so they sort numerically.
 */
export const formVersion = new Entity({
  model: { entity: 'formVersion', version: '1', service: SERVICE },
  attributes: {
    formId: { type: 'string', required: true, readOnly: true },
    formVersion: { type: 'number', required: true, readOnly: true, padding: { length: 6, char: '0' } },
    name: { type: 'string', required: true },
    layout: { type: 'any' },
    fields: { type: 'any' },
    createdAt,
  },
  indexes: {
    byForm: {
      collection: 'formAggregate',
      pk: { field: 'pk', composite: ['formId'] },
      sk: { field: 'sk', composite: ['formVersion'] },
    },
  },
});
