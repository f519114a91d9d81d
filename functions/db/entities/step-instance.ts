import { Entity } from 'electrodb';
import { SERVICE, stringList, timestamps, version } from './attributes';
import { STEP_STATUSES } from '../../../shared/tracks/statuses';

export { STEP_STATUSES };

/**
 * A participant's step. Main key: in the instance's summary collection (statuses for the
 * track page). gsi3: the step's own view, collection `stepInstanceView`, shared with its
 * content, action and form instances: the step page is one Query here plus one on the
 * template's `stepTemplateView`. gsi1 `byDue`: steps waiting to become Overdue (sparse). gsi2
 * `byReminder`: steps waiting for a reminder or an escalation (sparse).
 */
export const stepInstance = new Entity({
  model: { entity: 'stepInstance', version: '1', service: SERVICE },
  attributes: {
    trackInstanceId: { type: 'string', required: true, readOnly: true },
    stepInstanceId: { type: 'string', required: true, readOnly: true },
    trackTemplateId: { type: 'string', required: true },
    phaseId: { type: 'string', required: true },
    stepTemplateId: { type: 'string', required: true },
    participantId: { type: 'string', required: true },
    status: { type: STEP_STATUSES, required: true, default: 'Unavailable' },
    /** When a Ready step becomes late (its template's `dueDays` after it became Ready); absent: no due date. */
    dueAt: { type: 'string' },
    /**
     * The Overdue sweep's sparse index (`byDue`): present only while the step is Ready or
     * Resubmit with a `dueAt` (functions/core/step-indexes/step-due.ts sets and removes them).
     */
    dueBucket: { type: 'string' },
    dueIndexAt: { type: 'string' },
    /**
     * The roles completing the step's content and actions, copied from its template when the
     * instance is made: the track page says who a locked step waits for without reading the parts.
     */
    responsibleRoleIds: stringList,
    /**
     * True while a locked step has none of its content, action and form instances yet: they are
     * written by the transaction that opens it (instance-items.ts `openingWrites`), so enrolling
     * a large track writes one item per locked step instead of five.
     */
    partsPending: { type: 'boolean' },
    /**
     * The reminder schedule's sparse index (`byReminder`, functions/core/step-indexes/reminder-index.ts):
     * a Ready, Resubmit or PendingReview step is in a bucket '0'..'3' keyed by when to look at it next; an
     * Overdue step is in bucket 'overdue' keyed by its due time. `remindSince`: when it entered
     * that status (Overdue: its due time); `remindedAt`: its last reminder.
     */
    remindBucket: { type: 'string' },
    remindAt: { type: 'string' },
    remindSince: { type: 'string' },
    remindedAt: { type: 'string' },
    ...timestamps,
    version,
  },
  indexes: {
    byInstance: {
      collection: ['trackInstanceAggregate', 'trackInstanceSummary'],
      pk: { field: 'pk', composite: ['trackInstanceId'] },
      sk: { field: 'sk', composite: ['stepInstanceId'] },
    },
    /** Late steps without a Scan: each bucket's steps by due time, `dueIndexAt <= now`. */
    byDue: {
      index: 'gsi1',
      condition: (attributes) => Boolean(attributes.dueBucket && attributes.dueIndexAt),
      pk: { field: 'gsi1pk', composite: ['dueBucket'] },
      sk: { field: 'gsi1sk', composite: ['dueIndexAt'] },
    },
    /** Steps to remind (`remindAt <= now`) and Overdue steps to escalate, without a Scan. */
    byReminder: {
      index: 'gsi2',
      condition: (attributes) => Boolean(attributes.remindBucket && attributes.remindAt),
      pk: { field: 'gsi2pk', composite: ['remindBucket'] },
      sk: { field: 'gsi2sk', composite: ['remindAt'] },
    },
    view: {
      index: 'gsi3',
      collection: 'stepInstanceView',
      pk: { field: 'gsi3pk', composite: ['stepInstanceId'] },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
});
