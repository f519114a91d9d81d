import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';

/**
 * A conference's retention periods (issue 25, item 3; docs/data-model.md "Retention"): whole years
 * per kind of closed record (shared/schemas/retention.ts). Absent: the defaults stand. One item per
 * conference (the System root's for system tracks), versioned; changed only by
 * functions/core/retention/retention-policy.ts, with an audit entry in the same transaction.
 */
export const retentionPolicy = new Entity({
  model: { entity: 'retentionPolicy', version: '1', service: SERVICE },
  attributes: {
    conferenceId: { type: 'string', required: true, readOnly: true },
    periods: {
      type: 'map',
      required: true,
      properties: {
        withdrawn: { type: 'number', required: true },
        discontinued: { type: 'number', required: true },
        completed: { type: 'number', required: true },
        inactivePerson: { type: 'number', required: true },
      },
    },
    updatedBy: { type: 'string' },
    ...timestamps,
    version,
  },
  indexes: {
    byConference: {
      pk: { field: 'pk', composite: ['conferenceId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
