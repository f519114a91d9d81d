import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';

/**
 * A signature or approval given (or denied) on a step. `approved` absent means pending.
 * Same keys as content instances: `trackInstanceWork`, gsi2 `byId`, gsi3 step view.
 */
export const stepActionInstance = new Entity({
  model: { entity: 'stepActionInstance', version: '1', service: SERVICE },
  attributes: {
    trackInstanceId: { type: 'string', required: true, readOnly: true },
    stepInstanceId: { type: 'string', required: true, readOnly: true },
    actionInstanceId: { type: 'string', required: true, readOnly: true },
    actionTemplateId: { type: 'string', required: true },
    approved: { type: 'boolean' },
    /** Who approved or denied, with their name as it was then (the page shows who and when). */
    userId: { type: 'string' },
    userFirstName: { type: 'string' },
    userLastName: { type: 'string' },
    /**
     * A committee vote's course (issue 26, functions/core/committee): absent until the chair opens
     * it; `voteRound` counts the opens (its ballots carry it). Closed, `vote` holds the tally and
     * the minutes; the decision is `approved` as for any action.
     */
    voteState: { type: ['open', 'closed'] as const },
    voteRound: { type: 'number' },
    vote: {
      type: 'map',
      properties: {
        /** Members as it opened: they vote and count toward the quorum (recusals aside). */
        memberCount: { type: 'number' },
        openedAt: { type: 'string' },
        closedAt: { type: 'string' },
        closedBy: { type: 'string' },
        closedByFirstName: { type: 'string' },
        closedByLastName: { type: 'string' },
        minutes: { type: 'string' },
        approve: { type: 'number' },
        deny: { type: 'number' },
        abstain: { type: 'number' },
        recused: { type: 'number' },
        quorumNeeded: { type: 'number' },
      },
    },
    ...timestamps,
    version,
  },
  indexes: {
    byInstance: {
      collection: ['trackInstanceAggregate', 'trackInstanceWork'],
      pk: { field: 'pk', composite: ['trackInstanceId'] },
      sk: { field: 'sk', composite: ['stepInstanceId', 'actionInstanceId'] },
    },
    byId: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['actionInstanceId'] },
      sk: { field: 'gsi2sk', composite: [] },
    },
    view: {
      index: 'gsi3',
      collection: 'stepInstanceView',
      pk: { field: 'gsi3pk', composite: ['stepInstanceId'] },
      sk: { field: 'gsi3sk', composite: ['actionInstanceId'] },
    },
  },
});
