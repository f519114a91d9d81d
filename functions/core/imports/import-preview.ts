import { createHash } from 'node:crypto';
import type { ImportKind, ImportPreview } from '../../../shared/imports/csv-import';
import { db } from '../../db/service';
import type { AuthContext } from '../session/resolve-session';
import { checkEnrolments } from './enrolment-rows';
import { importConference } from './import-access';
import { readTable, type CheckedRow } from './import-table';
import { checkPeople } from './people-rows';

/** Ready rows per chunk item (each row is a few hundred bytes: far under an item's 400 KB). */
export const IMPORT_CHUNK_ROWS = 250;
/** A preview is kept a day: long enough to read it and press Import. */
const PREVIEW_SECONDS = 24 * 3600;

/**
 * `POST conference/{id}/import/preview`: the file read and every row checked in the caller's
 * scope, then the ready rows stored (importChunk) under an id derived from the caller, the
 * conference, the kind and those rows: the same file in the same state is the same import (so
 * its job too), a file changed, or a table changed since, is another. Nothing else is written.
 */
export async function previewImport(auth: AuthContext, conferenceId: string, body: { kind: ImportKind; csv: string }): Promise<ImportPreview> {
  const conference = await importConference(auth, conferenceId);
  const table = readTable(body.kind, body.csv);
  const checked: CheckedRow<{ line: number }>[] = body.kind === 'people' ? await checkPeople(auth, conference, table) : await checkEnrolments(auth, conference, table);
  const rows = checked.map((row) => row.view);
  const ready = checked.flatMap((row) => (row.ready ? [row.ready] : []));
  const summary = {
    rows: rows.length,
    ready: ready.length,
    unchanged: rows.filter((row) => row.status === 'unchanged').length,
    problems: rows.filter((row) => row.status === 'problem').length,
  };
  if (!ready.length) return { kind: body.kind, rows, summary };
  const importId = `imp-${createHash('sha256').update([auth.userId, conference.locationId, body.kind, JSON.stringify(ready)].join('\u0000')).digest('hex').slice(0, 40)}`;
  const chunks = Math.ceil(ready.length / IMPORT_CHUNK_ROWS);
  const common = { importId, kind: body.kind, ownerId: auth.userId, conferenceId: conference.locationId, ttl: Math.floor(Date.now() / 1000) + PREVIEW_SECONDS };
  const items = [
    { ...common, chunk: 0, ready: ready.length, chunks },
    ...Array.from({ length: chunks }, (_, index) => ({ ...common, chunk: index + 1, rows: ready.slice(index * IMPORT_CHUNK_ROWS, (index + 1) * IMPORT_CHUNK_ROWS) })),
  ];
  // Puts of the same content under the same key: a preview made twice writes the same items.
  await Promise.all(items.map((item) => db().entities.importChunk.put(item).go()));
  return { importId, kind: body.kind, rows, summary };
}
