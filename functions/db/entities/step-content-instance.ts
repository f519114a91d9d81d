import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';
import { CONTENT_TYPES } from '../../../shared/schemas/step';

/**
 * The participant's side of one content template: a task (completed), an upload
 * (submitted, files) or a form (its form instance id; the data lives on the form
 * instance). Main key: the instance's `trackInstanceWork`. gsi2 `byId`
 * (`PATCH step/instance/content/{id}`). gsi3: in its step's `stepInstanceView`.
 */
export const stepContentInstance = new Entity({
  model: { entity: 'stepContentInstance', version: '1', service: SERVICE },
  attributes: {
    trackInstanceId: { type: 'string', required: true, readOnly: true },
    stepInstanceId: { type: 'string', required: true, readOnly: true },
    contentInstanceId: { type: 'string', required: true, readOnly: true },
    contentTemplateId: { type: 'string', required: true },
    type: { type: CONTENT_TYPES, required: true },
    task: { type: 'map', properties: { completed: { type: 'boolean' }, completedAt: { type: 'string' }, completedBy: { type: 'string' } } },
    upload: {
      type: 'map',
      properties: {
        submitted: { type: 'boolean' },
        submittedAt: { type: 'string' },
        files: {
          type: 'list',
          // `uploadedBy`: the uploader, whose partition holds the file's record (removing the file deletes it).
          items: { type: 'map', properties: { id: { type: 'string', required: true }, fileKey: { type: 'string', required: true }, name: { type: 'string' }, uploadedBy: { type: 'string' } } },
        },
      },
    },
    formInstanceId: { type: 'string' },
    ...timestamps,
    version,
  },
  indexes: {
    byInstance: {
      collection: ['trackInstanceAggregate', 'trackInstanceWork'],
      pk: { field: 'pk', composite: ['trackInstanceId'] },
      sk: { field: 'sk', composite: ['stepInstanceId', 'contentInstanceId'] },
    },
    byId: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['contentInstanceId'] },
      sk: { field: 'gsi2sk', composite: [] },
    },
    view: {
      index: 'gsi3',
      collection: 'stepInstanceView',
      pk: { field: 'gsi3pk', composite: ['stepInstanceId'] },
      sk: { field: 'gsi3sk', composite: ['contentInstanceId'] },
    },
  },
});
