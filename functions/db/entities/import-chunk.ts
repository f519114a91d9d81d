import { Entity } from 'electrodb';
import { IMPORT_KINDS } from '../../../shared/imports/csv-import';
import { SERVICE, timestamps, ttl } from './attributes';

/**
 * A checked CSV import (functions/core/imports): chunk 0 is the header (who checked it, where,
 * what kind, how many rows are ready), chunks 1..n hold the ready rows as the preview resolved
 * them (ids, not names), at most IMPORT_CHUNK_ROWS each. Written once by the preview under an id
 * derived from the caller, conference, kind and the ready rows themselves, so the same file in
 * the same state is the same import; never changed; gone after a day (ttl).
 */
export const importChunk = new Entity({
  model: { entity: 'importChunk', version: '1', service: SERVICE },
  attributes: {
    importId: { type: 'string', required: true, readOnly: true },
    chunk: { type: 'number', required: true, readOnly: true },
    kind: { type: IMPORT_KINDS, required: true, readOnly: true },
    ownerId: { type: 'string', required: true, readOnly: true },
    conferenceId: { type: 'string', required: true, readOnly: true },
    /** Header: ready rows and the number of row chunks. */
    ready: { type: 'number' },
    chunks: { type: 'number' },
    /** Row chunks: the ready rows (people-rows.ts, enrolment-rows.ts define their shape). */
    rows: { type: 'any' },
    ...timestamps,
    ttl,
  },
  indexes: {
    byImport: {
      pk: { field: 'pk', composite: ['importId'] },
      sk: { field: 'sk', composite: ['chunk'] },
    },
  },
});
