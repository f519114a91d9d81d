import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';

/**
 * A phase of a track template, ordered from 1. In the template's collection. Deleting a
 * phase and renumbering the rest is one transaction (each update conditioned on version).
 * gsi3 `byId`: `GET /phase/get-phase/{id}` and the routes that name a phase alone.
 */
export const phaseTemplate = new Entity({
  model: { entity: 'phaseTemplate', version: '1', service: SERVICE },
  attributes: {
    trackTemplateId: { type: 'string', required: true, readOnly: true },
    phaseId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    description: { type: 'string' },
    order: { type: 'number', required: true },
    originPhaseId: { type: 'string' },
    /**
     * Moves with every change of the phase's steps or their prerequisites, conditioned on the
     * value read: such changes are serialised per phase (no cycle from two concurrent edits).
     */
    stepsVersion: { type: 'number', required: true, default: 0 },
    ...timestamps,
    version,
  },
  indexes: {
    byTrack: {
      collection: 'trackTemplateAggregate',
      pk: { field: 'pk', composite: ['trackTemplateId'] },
      sk: { field: 'sk', composite: ['phaseId'] },
    },
    byId: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['phaseId'] },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
});
