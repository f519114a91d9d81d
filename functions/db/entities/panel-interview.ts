import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';

/**
 * A committee vote's panel interview (issue 26, item 3): one per vote action, in the enrolment's
 * partition (`trackInstanceAggregate`), so a purge removes it with the rest. The chair proposes
 * `slots` (instants, UTC; `timeZone` is the conference's when they were proposed), confirms one
 * (`confirmed`), or cancels. `interviewId` is the calendar UID's stem for the interview's whole
 * life; `sequence` is the iCalendar SEQUENCE, raised by every invitation after the first (a
 * reschedule, a cancellation), so calendars replace the event rather than add another.
 * `invitationSent` says an invitation went out (the next confirm is an update).
 */
export const panelInterview = new Entity({
  model: { entity: 'panelInterview', version: '1', service: SERVICE },
  attributes: {
    trackInstanceId: { type: 'string', required: true, readOnly: true },
    actionInstanceId: { type: 'string', required: true, readOnly: true },
    interviewId: { type: 'string', required: true, readOnly: true },
    stepInstanceId: { type: 'string', required: true },
    userGroupId: { type: 'string', required: true },
    status: { type: ['proposed', 'confirmed', 'cancelled'] as const, required: true },
    timeZone: { type: 'string', required: true },
    /** New with every proposal of times: answers given to an earlier proposal no longer count. */
    proposalId: { type: 'string', required: true },
    slots: {
      type: 'list',
      required: true,
      items: { type: 'map', properties: { slotId: { type: 'string', required: true }, start: { type: 'string', required: true }, end: { type: 'string', required: true } } },
    },
    confirmed: {
      type: 'map',
      properties: { slotId: { type: 'string', required: true }, start: { type: 'string', required: true }, end: { type: 'string', required: true }, place: { type: 'string' }, videoLink: { type: 'string' } },
    },
    cancelReason: { type: 'string' },
    sequence: { type: 'number', required: true },
    invitationSent: { type: 'boolean' },
    ...timestamps,
    version,
  },
  indexes: {
    byAction: {
      collection: 'trackInstanceAggregate',
      pk: { field: 'pk', composite: ['trackInstanceId'] },
      sk: { field: 'sk', composite: ['actionInstanceId'] },
    },
  },
});

/**
 * One person's answer to a panel interview's proposed times: the slots they can attend. Each
 * person writes only their own item, so the panel and the candidate answering at once never
 * collide. An answer names the proposal it answered: times proposed afresh make every earlier
 * answer count for nothing until the person answers again.
 */
export const panelAvailability = new Entity({
  model: { entity: 'panelAvailability', version: '1', service: SERVICE },
  attributes: {
    trackInstanceId: { type: 'string', required: true, readOnly: true },
    actionInstanceId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    /** The proposal answered (the interview's `proposalId` then). */
    proposalId: { type: 'string', required: true },
    slotIds: { type: 'list', items: { type: 'string' }, required: true },
    firstName: { type: 'string', required: true },
    lastName: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byAction: {
      collection: 'trackInstanceAggregate',
      pk: { field: 'pk', composite: ['trackInstanceId'] },
      sk: { field: 'sk', composite: ['actionInstanceId', 'userId'] },
    },
  },
});
