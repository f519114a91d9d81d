import { Entity } from 'electrodb';
import { SERVICE, stringList, timestamps, version } from './attributes';
import { personSummary } from './people';
import { TRANSFER_STATUSES } from '../../../shared/schemas/transfer';

const by = { type: 'map', properties: { userId: { type: 'string', required: true }, name: { type: 'string', required: true } } } as const;

/**
 * A candidate's transfer between conferences (issue 26, item 4; functions/core/transfers/).
 * Requested by the receiving conference, decided by the sending one, carried out by the
 * `enrolment.transfer` job. Kept after it ends: both conferences' lists show it.
 *
 * - main: the transfer;
 * - gsi1 `byFrom`: the sending conference's transfers, newest first (its Outgoing list);
 * - gsi2 `byTo`: the receiving conference's, newest first (its Incoming list).
 */
export const enrolmentTransfer = new Entity({
  model: { entity: 'enrolmentTransfer', version: '1', service: SERVICE },
  attributes: {
    transferId: { type: 'string', required: true, readOnly: true },
    status: { type: TRANSFER_STATUSES, required: true },
    participantId: { type: 'string', required: true, readOnly: true },
    participant: personSummary,
    fromConferenceId: { type: 'string', required: true, readOnly: true },
    fromConferenceName: { type: 'string', required: true },
    toConferenceId: { type: 'string', required: true, readOnly: true },
    toConferenceName: { type: 'string', required: true },
    /** The district or church of the receiving conference the candidate joins. */
    toLocationId: { type: 'string', required: true },
    toLocationName: { type: 'string', required: true },
    toLocationKind: { type: ['District', 'Church'] as const, required: true },
    /** The place's chain, outermost first, ending with it (as at the request): the job needs no location read to place the enrolments. */
    toAncestorIds: { ...stringList, required: true },
    note: { type: 'string', required: true, default: '' },
    reason: { type: 'string' },
    /** The enrolments the job moves (fixed at approval) and their tracks' names. */
    trackInstanceIds: stringList,
    trackNames: stringList,
    requestedBy: { ...by, required: true },
    requestedAt: { type: 'string', required: true },
    decidedBy: by,
    decidedAt: { type: 'string' },
    completedAt: { type: 'string' },
    jobId: { type: 'string' },
    ...timestamps,
    version,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['transferId'] },
      sk: { field: 'sk', composite: [] },
    },
    byFrom: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['fromConferenceId'] },
      sk: { field: 'gsi1sk', composite: ['transferId'] },
    },
    byTo: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['toConferenceId'] },
      sk: { field: 'gsi2sk', composite: ['transferId'] },
    },
  },
});
