import { Entity } from 'electrodb';
import { CONTENT_TYPES, UPLOAD_TYPES } from '../../../shared/schemas/step';
import { SERVICE, stringList, timestamps, version } from './attributes';

/**
 * What a step asks for: a task, an upload or a form, completed by `roleId`
 * (Participant by default). Main key: the template's partition, collection `trackTemplateDetail`
 * (beside the outline, not in it). gsi2 `byId`.
 * gsi3: in its step's `stepTemplateView`.
 */
export const stepContentTemplate = new Entity({
  model: { entity: 'stepContentTemplate', version: '1', service: SERVICE },
  attributes: {
    trackTemplateId: { type: 'string', required: true, readOnly: true },
    stepTemplateId: { type: 'string', required: true, readOnly: true },
    contentTemplateId: { type: 'string', required: true, readOnly: true },
    type: { type: CONTENT_TYPES, required: true },
    name: { type: 'string', required: true },
    order: { type: 'number', required: true, default: 0 },
    roleId: { type: 'string', required: true },
    isPrivate: { type: 'boolean', required: true, default: false },
    approvedRoles: stringList,
    task: { type: 'map', properties: { name: { type: 'string' }, description: { type: 'string' } } },
    upload: {
      type: 'map',
      properties: {
        name: { type: 'string' },
        multiple: { type: 'boolean' },
        type: { type: UPLOAD_TYPES },
        instructions: { type: 'string' },
      },
    },
    formId: { type: 'string' },
    ...timestamps,
    version,
  },
  indexes: {
    byTrack: {
      // Not in the outline's collection: a large track's editor reads headers only.
      collection: 'trackTemplateDetail',
      pk: { field: 'pk', composite: ['trackTemplateId'] },
      sk: { field: 'sk', composite: ['stepTemplateId', 'contentTemplateId'] },
    },
    byId: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['contentTemplateId'] },
      sk: { field: 'gsi2sk', composite: [] },
    },
    view: {
      index: 'gsi3',
      collection: 'stepTemplateView',
      pk: { field: 'gsi3pk', composite: ['stepTemplateId'] },
      sk: { field: 'gsi3sk', composite: ['contentTemplateId'] },
    },
  },
});
