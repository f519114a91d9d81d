import { Entity } from 'electrodb';
import { SERVICE, ttl } from './attributes';

/**
 * One audited change (issue 25; docs/data-model.md "Audit trail"). Append-only: written once,
 * in the transaction of the change it records, then sealed once by the stream's sealer
 * (functions/core/records/audit-seal.ts), which adds seq, prevHash and chainHash. Nothing else
 * ever writes it, but the retention purge (functions/core/retention/audit-expiry.ts), which sets
 * `ttl` on the entries of a record it purged (its tombstone entry stays).
 *
 * - main: the record's chain (`<Kind>#<id>`) by entry id (a ULID: time order), so a History page
 *   is one Query newest first;
 * - gsi1 `byScope`: the organisation-wide page, by audit scope (the record's conference, or
 *   `system` above conferences) and entry id;
 * - gsi2 `unsealed`: sparse, present only until the entry is sealed, so `check:audit` finds
 *   entries the sealer has not reached without reading every chain.
 */
export const auditEntry = new Entity({
  model: { entity: 'auditEntry', version: '1', service: SERVICE },
  attributes: {
    chainId: { type: 'string', required: true, readOnly: true },
    entryId: { type: 'string', required: true, readOnly: true },
    at: { type: 'string', required: true, readOnly: true },
    /** The user who made the change, or `job:<jobId>` when a background job wrote it. */
    actorId: { type: 'string', required: true, readOnly: true },
    /** The actor's name when the change was made (a job: its owner's). */
    actorName: { type: 'string', required: true, readOnly: true },
    /** The user who started the job, when a job wrote it. */
    onBehalfOf: { type: 'string', readOnly: true },
    action: { type: 'string', required: true, readOnly: true },
    kind: { type: 'string', required: true, readOnly: true },
    /** The record's label when the change was made (a person's name, a location's name). */
    subject: { type: 'string', required: true, readOnly: true },
    changes: {
      type: 'list',
      required: true,
      readOnly: true,
      items: {
        type: 'map',
        properties: {
          field: { type: 'string', required: true },
          before: { type: 'string' },
          after: { type: 'string' },
          /** A private value changed: the value itself is never copied. */
          changed: { type: 'boolean' },
        },
      },
    },
    /** The record's location chain (its own location and ancestors), for scoping readers. */
    scopeIds: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
    auditScope: { type: 'string', required: true, readOnly: true },
    contentHash: { type: 'string', required: true, readOnly: true },
    /** Set by the sealer: the entry's place in its chain and the hashes linking it to the one before. */
    seq: { type: 'number' },
    prevHash: { type: 'string' },
    chainHash: { type: 'string' },
    sealedAt: { type: 'string' },
    /** The sparse `unsealed` index's keys: present from the write until the seal. */
    unsealedBucket: { type: 'string' },
    unsealedAt: { type: 'string' },
    /** Set when the record was purged by retention: the table's TTL deletes the entry after it (not covered by the hashes). */
    ttl,
  },
  indexes: {
    byChain: {
      pk: { field: 'pk', composite: ['chainId'] },
      sk: { field: 'sk', composite: ['entryId'] },
    },
    byScope: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['auditScope'] },
      sk: { field: 'gsi1sk', composite: ['entryId'] },
    },
    unsealed: {
      index: 'gsi2',
      condition: (attributes) => Boolean(attributes.unsealedBucket && attributes.unsealedAt),
      pk: { field: 'gsi2pk', composite: ['unsealedBucket'] },
      sk: { field: 'gsi2sk', composite: ['unsealedAt'] },
    },
  },
});
