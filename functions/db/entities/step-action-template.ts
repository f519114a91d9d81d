import { Entity } from 'electrodb';
import { ACTION_TYPES } from '../../../shared/schemas/step';
import { SERVICE, timestamps, version } from './attributes';

/**
 * A signature or approval a step needs from `roleId` (Advisor by default), or a committee vote of
 * an interview group of the track (`vote`: its rule).
 * Same keys as content templates: the template's `trackTemplateDetail` collection, gsi2 `byId`, gsi3 step view.
 */
export const stepActionTemplate = new Entity({
  model: { entity: 'stepActionTemplate', version: '1', service: SERVICE },
  attributes: {
    trackTemplateId: { type: 'string', required: true, readOnly: true },
    stepTemplateId: { type: 'string', required: true, readOnly: true },
    actionTemplateId: { type: 'string', required: true, readOnly: true },
    type: { type: ACTION_TYPES, required: true },
    name: { type: 'string', required: true },
    order: { type: 'number', required: true, default: 0 },
    roleId: { type: 'string', required: true },
    /** A Committee Vote's rule (shared/schemas/committee-vote.ts): the group, quorum and majority. */
    vote: {
      type: 'map',
      properties: {
        userGroupId: { type: 'string', required: true },
        quorumKind: { type: ['count', 'share'] as const, required: true },
        quorum: { type: 'number', required: true },
        majority: { type: ['simple', 'twoThirds', 'threeFourths', 'unanimous'] as const, required: true },
        base: { type: ['cast', 'present'] as const, required: true },
      },
    },
    ...timestamps,
    version,
  },
  indexes: {
    byTrack: {
      // Not in the outline's collection: a large track's editor reads headers only.
      collection: 'trackTemplateDetail',
      pk: { field: 'pk', composite: ['trackTemplateId'] },
      sk: { field: 'sk', composite: ['stepTemplateId', 'actionTemplateId'] },
    },
    byId: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['actionTemplateId'] },
      sk: { field: 'gsi2sk', composite: [] },
    },
    view: {
      index: 'gsi3',
      collection: 'stepTemplateView',
      pk: { field: 'gsi3pk', composite: ['stepTemplateId'] },
      sk: { field: 'gsi3sk', composite: ['actionTemplateId'] },
    },
  },
});
