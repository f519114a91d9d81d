import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';

/**
 * A legal hold on a person or an enrolment (issue 25, item 3): while `active`, nothing of the record
 * is purged or erased (functions/core/retention/legal-holds.ts `holdsOn`). One item per record,
 * placed, lifted and placed again on its version; kept when lifted, so the list shows it.
 *
 * - main: the record (`User` or `TrackInstance`, and its id): "is this held?" is one GetItem;
 * - gsi1 `byConference`: the holds of one conference (the person's primary conference, the
 *   enrolment's track's), for the Retention tab.
 */
export const legalHold = new Entity({
  model: { entity: 'legalHold', version: '1', service: SERVICE },
  attributes: {
    recordKind: { type: ['User', 'TrackInstance'] as const, required: true, readOnly: true },
    recordId: { type: 'string', required: true, readOnly: true },
    conferenceId: { type: 'string', required: true },
    /** The record's label when the hold was placed (a person's name; an enrolment's participant and track). */
    subject: { type: 'string', required: true },
    /** An enrolment's participant: a hold on the person covers their enrolments too. */
    participantId: { type: 'string' },
    reason: { type: 'string', required: true },
    active: { type: 'boolean', required: true },
    placedBy: { type: 'string', required: true },
    /** Who placed it, by name when they did (a label of the event, like the History's author). */
    placedByName: { type: 'string' },
    placedAt: { type: 'string', required: true },
    liftedBy: { type: 'string' },
    liftedAt: { type: 'string' },
    ...timestamps,
    version,
  },
  indexes: {
    byRecord: {
      pk: { field: 'pk', composite: ['recordKind', 'recordId'] },
      sk: { field: 'sk', composite: [] },
    },
    byConference: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['conferenceId'] },
      sk: { field: 'gsi1sk', composite: ['recordKind', 'recordId'] },
    },
  },
});
