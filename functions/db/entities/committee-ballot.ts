import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';

/**
 * One member's ballot on a committee vote (issue 26). The chair's open writes one for every
 * member of the group (those with a conflict already Recused), `open` and without a choice; a
 * member votes or recuses with a conditional update of their own ballot alone, so twenty members
 * voting at once touch twenty items and never collide. The close sets `open` false on every
 * ballot, each on the version it tallied, so a vote that lands between its read and its write
 * sends the close back to count again, and a vote after it is refused.
 * In the enrolment's partition (`trackInstanceAggregate`), so a purge finds it with the rest;
 * `round` counts the opens of the action (a denied vote asked again opens round 2; round 1 stays
 * as the record of the first).
 */
export const committeeBallot = new Entity({
  model: { entity: 'committeeBallot', version: '1', service: SERVICE },
  attributes: {
    trackInstanceId: { type: 'string', required: true, readOnly: true },
    actionInstanceId: { type: 'string', required: true, readOnly: true },
    round: { type: 'number', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    open: { type: 'boolean', required: true },
    /** Absent: not voted yet. */
    choice: { type: ['Approve', 'Deny', 'Abstain', 'Recused'] as const },
    note: { type: 'string' },
    reason: { type: 'string' },
    /** Recused by a conflict rule when the vote opened, not by the member. */
    automatic: { type: 'boolean' },
    firstName: { type: 'string', required: true },
    lastName: { type: 'string', required: true },
    ...timestamps,
    version,
  },
  indexes: {
    byAction: {
      collection: 'trackInstanceAggregate',
      pk: { field: 'pk', composite: ['trackInstanceId'] },
      sk: { field: 'sk', composite: ['actionInstanceId', 'round', 'userId'] },
    },
  },
});
