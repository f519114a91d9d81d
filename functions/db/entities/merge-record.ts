import { Entity } from 'electrodb';
import { SERVICE, timestamps, ttl, version } from './attributes';

/**
 * A merge's header (issue 25, item 5): written in the merge's decisive transaction, read and
 * moved on its version by the undo (functions/core/people/merge/merge-undo.ts). `mergeId` is the
 * merge job's id. What the undo puts back at once: the target's names and version before the
 * merge, the email claim passed. `state`: merged, undoing (the undo job at work), undone.
 * Expires (TTL) some days after the undo window (MERGE_UNDO_DAYS, shared/api/user-merge-undo.ts).
 *
 * - main: the merge;
 * - gsi1 `byTarget`, gsi2 `bySource`: a person's merges, newest first (the profile's Undo merge).
 */
export const mergeHeader = new Entity({
  model: { entity: 'mergeHeader', version: '1', service: SERVICE },
  attributes: {
    mergeId: { type: 'string', required: true, readOnly: true },
    fromUserId: { type: 'string', required: true, readOnly: true },
    toUserId: { type: 'string', required: true, readOnly: true },
    /** Labels of the two people when merged ('First Last (email)'). */
    fromLabel: { type: 'string', required: true },
    toLabel: { type: 'string', required: true },
    /** The target's names before and after the merge (restored only when still the after). */
    namesBefore: { type: 'map', required: true, properties: { firstName: { type: 'string', required: true }, middleName: { type: 'string' }, lastName: { type: 'string', required: true } } },
    namesAfter: { type: 'map', required: true, properties: { firstName: { type: 'string', required: true }, middleName: { type: 'string' }, lastName: { type: 'string', required: true } } },
    targetVersionBefore: { type: 'number', required: true },
    /** The source's email, whose claim passed to the target. */
    email: { type: 'string', required: true },
    mergedAt: { type: 'string', required: true },
    /** mergedAt + MERGE_UNDO_DAYS: no undo after it. */
    undoUntil: { type: 'string', required: true },
    state: { type: ['merged', 'undoing', 'undone'] as const, required: true },
    mergedBy: { type: 'string', required: true },
    undoneBy: { type: 'string' },
    undoneAt: { type: 'string' },
    undoJobId: { type: 'string' },
    ...timestamps,
    version,
    ttl,
  },
  indexes: {
    byMerge: {
      pk: { field: 'pk', composite: ['mergeId'] },
      sk: { field: 'sk', composite: [] },
    },
    byTarget: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['toUserId'] },
      sk: { field: 'gsi1sk', composite: ['mergedAt'] },
    },
    bySource: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['fromUserId'] },
      sk: { field: 'gsi2sk', composite: ['mergedAt'] },
    },
  },
});

/**
 * One item a merge moved (issue 25, item 5), written in the transaction that moved it: its
 * kind (the table entity) and keys, its value on the source before the move, and what happened
 * on the target: `put` (the same item, now the target's), `putChanged` (put with changes: a
 * membership arriving inactive, a permission not primary, a copy of the target's name, an
 * enrolment or assignment now naming the target),
 * `dropped` (the target had it already; only the source's copy went), `kept` (left with the
 * source). The undo moves back, page by page, what is still on the target as the merge left it,
 * and marks each record (`undo`: restored, or changed since and left). Sort key: the mover and
 * the item's key, so a repeated page writes the same record.
 */
export const mergeRecord = new Entity({
  model: { entity: 'mergeRecord', version: '1', service: SERVICE },
  attributes: {
    mergeId: { type: 'string', required: true, readOnly: true },
    recordId: { type: 'string', required: true, readOnly: true },
    mover: { type: 'string', required: true },
    /** The table entity (db().entities name) the item is. */
    entity: { type: 'string', required: true },
    outcome: { type: ['put', 'putChanged', 'dropped', 'kept'] as const, required: true },
    /** The item as it was on the source (JSON), and its key there. */
    before: { type: 'string', required: true },
    sourceKey: { type: 'any', required: true },
    /** The item as the merge left it on the target (JSON; put and putChanged), and its key there. */
    after: { type: 'string' },
    targetKey: { type: 'any' },
    /** A membership of a group both were in: the group's count was lowered. */
    groupId: { type: 'string' },
    undo: { type: ['restored', 'changed'] as const },
    ...timestamps,
    ttl,
  },
  indexes: {
    byMerge: {
      pk: { field: 'pk', composite: ['mergeId'] },
      sk: { field: 'sk', composite: ['recordId'] },
    },
  },
});
