import { Entity } from 'electrodb';
import { SERVICE } from './attributes';

/**
 * One figure of a place's dashboard (issue 27): how many enrolments or steps of the place (a
 * district, a conference, an area, a jurisdiction, or `system` for the organisation) are counted
 * under `metric` (`status:Open`, `track:<id>:phase:<id>`, `enrolled:2026-11` ...; the metric
 * names are in functions/core/dashboard/tally-metrics.ts). A place's figures are one partition,
 * so its dashboard reads them with one Query however many enrolments they count. Moved only by the
 * projection engine (functions/db/directory-projection.ts), in one transaction with the record of
 * the target counted, so each target is counted exactly once whatever crashes.
 */
export const scopeTally = new Entity({
  model: { entity: 'scopeTally', version: '1', service: SERVICE },
  attributes: {
    scopeId: { type: 'string', required: true, readOnly: true },
    metric: { type: 'string', required: true, readOnly: true },
    count: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byScope: {
      pk: { field: 'pk', composite: ['scopeId'] },
      sk: { field: 'sk', composite: ['metric'], casing: 'none' },
    },
  },
});
