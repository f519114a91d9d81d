import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';

/**
 * A participant's answers to a form in a step. Main key: the track instance's
 * `trackInstanceWork`. gsi1 `byParticipant`: the profile's Forms table. gsi2 `byId`.
 * gsi3: in its step's `stepInstanceView`.
 */
export const formInstance = new Entity({
  model: { entity: 'formInstance', version: '1', service: SERVICE },
  attributes: {
    trackInstanceId: { type: 'string', required: true, readOnly: true },
    formInstanceId: { type: 'string', required: true, readOnly: true },
    stepInstanceId: { type: 'string', required: true, readOnly: true },
    contentInstanceId: { type: 'string', required: true },
    participantId: { type: 'string', required: true, readOnly: true },
    formId: { type: 'string', required: true },
    formVersion: { type: 'number', required: true },
    /** Shown in the Forms table without loading the track. */
    title: { type: 'string' },
    trackName: { type: 'string' },
    phaseName: { type: 'string' },
    stepName: { type: 'string' },
    data: { type: 'any' },
    fieldFiles: { type: 'any' },
    submitted: { type: 'boolean', required: true, default: false },
    submittedAt: { type: 'string' },
    ...timestamps,
    version,
  },
  indexes: {
    byInstance: {
      collection: ['trackInstanceAggregate', 'trackInstanceWork'],
      pk: { field: 'pk', composite: ['trackInstanceId'] },
      sk: { field: 'sk', composite: ['formInstanceId'] },
    },
    byParticipant: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['participantId'] },
      sk: { field: 'gsi1sk', composite: ['formInstanceId'] },
    },
    byId: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['formInstanceId'] },
      sk: { field: 'gsi2sk', composite: [] },
    },
    view: {
      index: 'gsi3',
      collection: 'stepInstanceView',
      pk: { field: 'gsi3pk', composite: ['stepInstanceId'] },
      sk: { field: 'gsi3sk', composite: ['formInstanceId'] },
    },
  },
});
