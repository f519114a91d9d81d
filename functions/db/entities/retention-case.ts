import { Entity } from 'electrodb';
import { SERVICE } from './attributes';

/**
 * A closed record waiting out its retention period (issue 25, item 3; docs/data-model.md
 * "Retention"): an enrolment that ended (withdrawn, discontinued, completed) or a person left
 * inactive. Derived from the record's current state by functions/core/retention/retention-cases.ts
 * (run by the stream after every change of the record, idempotent), deleted when the record
 * reopens or is gone; a purged record's case stays as its marker (`purgedAt`).
 *
 * - main: the record: the projector's upsert and delete by key;
 * - gsi1 `byClosing`: per conference and outcome, by closing time. The daily purge reads
 *   `closedAt < now - period` of each, so it reads only what is due, whatever the period is now
 *   (a policy change moves no item).
 */
export const retentionCase = new Entity({
  model: { entity: 'retentionCase', version: '1', service: SERVICE },
  attributes: {
    recordKind: { type: ['User', 'TrackInstance'] as const, required: true, readOnly: true },
    recordId: { type: 'string', required: true, readOnly: true },
    conferenceId: { type: 'string', required: true },
    outcome: { type: ['withdrawn', 'discontinued', 'completed', 'inactivePerson'] as const, required: true },
    /** When the record closed (the enrolment's status or the person's deactivation, as first seen closed). */
    closedAt: { type: 'string', required: true },
    /** The record's label (a person's name; an enrolment's participant and track), for the preview. */
    subject: { type: 'string', required: true },
    /** An enrolment's participant: a hold on the person keeps it. */
    participantId: { type: 'string' },
    /** Set by the purge: the case stays as the record's marker (a purged person is still an inactive user), under the `purged` conference key, which nothing reads. */
    purgedAt: { type: 'string' },
  },
  indexes: {
    byRecord: {
      pk: { field: 'pk', composite: ['recordKind', 'recordId'] },
      sk: { field: 'sk', composite: [] },
    },
    byClosing: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['conferenceId', 'outcome'] },
      sk: { field: 'gsi1sk', composite: ['closedAt', 'recordId'] },
    },
  },
});
