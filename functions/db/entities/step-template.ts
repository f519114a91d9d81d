import { Entity } from 'electrodb';
import { SERVICE, stringList, timestamps, version } from './attributes';

/**
 * A step of a phase. Main key: in the template's collection, sorted by phase (the steps
 * of one phase are a begins_with Query). gsi3: the step's own view, collection
 * `stepTemplateView`, shared with its content and action templates, so the step page
 * loads a step template with its content in one Query (also `GET step-template/{id}`).
 */
export const stepTemplate = new Entity({
  model: { entity: 'stepTemplate', version: '1', service: SERVICE },
  attributes: {
    trackTemplateId: { type: 'string', required: true, readOnly: true },
    phaseId: { type: 'string', required: true, readOnly: true },
    stepTemplateId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    /** Rich text, sanitised before it is stored. */
    description: { type: 'string' },
    required: { type: 'boolean', required: true, default: false },
    inactive: { type: 'boolean', required: true, default: false },
    /** Days a participant has once the step is Ready; past them the step is Overdue. Absent: no due date. */
    dueDays: { type: 'number' },
    /** Step template ids of the same phase that must be completed first. */
    prerequisites: { ...stringList, required: true, default: () => [] },
    /**
     * Files attached to the step (at most STEP_ATTACHMENTS_MAX), as the file service stored them;
     * each has a `fileReference` item, so copies of the step share it by key.
     */
    attachments: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          fileKey: { type: 'string', required: true },
          name: { type: 'string', required: true },
          size: { type: 'number' },
          contentType: { type: 'string' },
        },
      },
    },
    /** Role ids barred from this step. */
    denials: stringList,
    originStepTemplateId: { type: 'string' },
    /**
     * A copied step's place among its phase's steps where prerequisites leave the order open:
     * its original's (so a copy lists as its source does). Steps made here go by creation.
     */
    designOrder: { type: 'string' },
    ...timestamps,
    version,
  },
  indexes: {
    byTrack: {
      collection: 'trackTemplateAggregate',
      pk: { field: 'pk', composite: ['trackTemplateId'] },
      sk: { field: 'sk', composite: ['phaseId', 'stepTemplateId'] },
    },
    view: {
      index: 'gsi3',
      collection: 'stepTemplateView',
      pk: { field: 'gsi3pk', composite: ['stepTemplateId'] },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
});
