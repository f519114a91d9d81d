import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';

/**
 * A form template. The current version's layout and fields are kept on this item, so
 * `GET current-form/{id}` is one read; earlier versions are `formVersion` items in the
 * same collection (`formAggregate`). `currentVersion` is the form's published number
 * (1, 2, ...); `version` is the optimistic-concurrency counter like everywhere else.
 * gsi1 `list` (its own partition) sorted by name: the forms table and name search; sparse:
 * a deleted form's patch (which sets `deletedAt` with the name) removes its list keys.
 */
export const form = new Entity({
  model: { entity: 'form', version: '1', service: SERVICE },
  attributes: {
    formId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true, default: 'Untitled' },
    description: { type: 'string' },
    system: { type: 'boolean', required: true, default: false },
    currentVersion: { type: 'number', required: true, default: 1 },
    layout: { type: 'any' },
    fields: { type: 'any' },
    /** Set when the form is deleted: it leaves the `list` index; its versions stay for the steps and answers that use them. */
    deletedAt: { type: 'string' },
    ...timestamps,
    version,
  },
  indexes: {
    byId: {
      collection: 'formAggregate',
      pk: { field: 'pk', composite: ['formId'] },
      sk: { field: 'sk', composite: [] },
    },
    list: {
      index: 'gsi1',
      scope: 'forms',
      condition: (attributes) => !attributes.deletedAt,
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['name', 'formId'] },
    },
  },
});
