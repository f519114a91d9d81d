import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

/**
 * A file submitted in a step's upload content: the participant's Documents tab.
 * In the participant's partition, collection `userFiles`, sorted by step instance.
 * Carries the chain to its step (names copied for the table). gsi3 `byKey`: removal
 * by storage key (`DELETE /file/upload-instance/{key}`).
 */
export const associatedFile = new Entity({
  model: { entity: 'associatedFile', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    fileKey: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    trackInstanceId: { type: 'string', required: true },
    stepInstanceId: { type: 'string', required: true, readOnly: true },
    contentInstanceId: { type: 'string', required: true },
    stepTemplateId: { type: 'string', required: true },
    stepTemplateName: { type: 'string', required: true },
    /** Approved roles of private content decide who sees it in Documents. */
    isPrivate: { type: 'boolean', default: false },
    approvedRoles: { type: 'list', items: { type: 'string' } },
    createdAt,
  },
  indexes: {
    byUser: {
      collection: 'userFiles',
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['stepInstanceId', 'fileKey'] },
    },
    byKey: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['fileKey'] },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
});
