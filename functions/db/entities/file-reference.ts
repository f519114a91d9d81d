import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

/**
 * One use of a stored file by something other than its upload target: today a step
 * template's attachment (a step and its copies share the file by key). In the file's own
 * partition, so "is this file still used?" is one Query (limit 1). Written in the same
 * transaction as the step that attaches the file and deleted in the one that drops it (or
 * deletes the step), which also queues the `releaseFile` outbox item: the file and its object
 * go once no reference is left (functions/core/files/file-release.ts).
 */
export const fileReference = new Entity({
  model: { entity: 'fileReference', version: '1', service: SERVICE },
  attributes: {
    fileKey: { type: 'string', required: true, readOnly: true },
    /** The step template using the file. */
    holderId: { type: 'string', required: true, readOnly: true },
    /** The step's key: the release reads the step (consistent) to tell a live reference from a stale one. */
    trackTemplateId: { type: 'string', required: true, readOnly: true },
    phaseId: { type: 'string', required: true, readOnly: true },
    createdAt,
  },
  indexes: {
    byFile: {
      pk: { field: 'pk', composite: ['fileKey'] },
      sk: { field: 'sk', composite: ['holderId'] },
    },
  },
});
