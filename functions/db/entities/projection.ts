import { Entity } from 'electrodb';
import { SERVICE } from './attributes';

/**
 * What a projector last wrote for one target (a user or a location): the keys of its
 * directory entries, and the counted lists it is counted in.
 * Projectors diff the desired state against this record instead of the old image, so a run
 * after a crash, a replayed stream record or a rebuild all converge on the same result.
 * `leaseOwner`/`leaseUntil` make runs for one target one at a time; counters move in the
 * same transaction as `counted`, so each membership is counted exactly once.
 */
export const projection = new Entity({
  model: { entity: 'projection', version: '1', service: SERVICE },
  attributes: {
    /** `user` or `location`: which projector owns the record. */
    source: { type: 'string', required: true, readOnly: true },
    targetId: { type: 'string', required: true, readOnly: true },
    /** Entry keys (scope, list, term joined by NUL) now written, plus any being written. */
    entries: { type: 'set', items: 'string' },
    /** `scope NUL list` of each counted list the target is counted in. */
    counted: { type: 'set', items: 'string' },
    /** `scope NUL metric` of each dashboard figure (scopeTally) the target is counted in. */
    tallied: { type: 'set', items: 'string' },
    /** Entry key and a digest of the entry, for each entry known to be in the table as last wanted. */
    written: { type: 'set', items: 'string' },
    /** The source's version when last projected (for the drift check's report). */
    sourceVersion: { type: 'string' },
    leaseOwner: { type: 'string' },
    leaseUntil: { type: 'number' },
    projectedAt: { type: 'string' },
  },
  indexes: {
    byTarget: {
      pk: { field: 'pk', composite: ['source', 'targetId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
