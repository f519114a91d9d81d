import { Entity } from 'electrodb';
import { SERVICE, ttl } from './attributes';

/**
 * One read of someone's private material (issue 25, item 2; docs/security.md "Read-access log"):
 * who opened what, when and through which route and screen. Append-only: one put by the route that
 * revealed the material (functions/core/read-log/read-write.ts), never updated.
 *
 * - main: the owner's log (the person whose material was read) by entry id (a ULID: time order), so
 *   "who has read my confidential documents" is one Query newest first.
 *
 * Never the material itself: the object's kind and id, and a label only where it is safe for every
 * reader of the log (a step content's or a form's name, never a file's name or an answer).
 */
export const readEntry = new Entity({
  model: { entity: 'readEntry', version: '1', service: SERVICE },
  attributes: {
    /** The person whose material was read. */
    ownerId: { type: 'string', required: true, readOnly: true },
    entryId: { type: 'string', required: true, readOnly: true },
    at: { type: 'string', required: true, readOnly: true },
    readerId: { type: 'string', required: true, readOnly: true },
    /** The reader's name when they read it. */
    readerName: { type: 'string', required: true, readOnly: true },
    /** READ_KINDS (shared/schemas/read-log.ts): stepContent, file, form, documents. */
    kind: { type: 'string', required: true, readOnly: true },
    objectId: { type: 'string', required: true, readOnly: true },
    /** A safe label (a step content's or form's name); absent when only the kind and id are safe. */
    label: { type: 'string', readOnly: true },
    /** The contract id of the route that revealed it (`step.stepInstance`). */
    route: { type: 'string', required: true, readOnly: true },
    /** The screen the web named (READ_SCREENS), when it named one of them. */
    screen: { type: 'string', readOnly: true },
    /** The enrolment the material belongs to, when it belongs to one. */
    trackInstanceId: { type: 'string', readOnly: true },
    /** Epoch seconds, stored in the table's TTL attribute: retention sets it when the owner's record is purged. */
    expiresAt: { ...ttl, field: 'ttl' },
  },
  indexes: {
    byOwner: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: ['entryId'] },
    },
  },
});
