import { db } from '../../../functions/db/service';
import { IMPORT_COLUMNS } from '../../../shared/imports/csv-import';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

const csv = (tag: string) => `${IMPORT_COLUMNS.people.join(',')}\r\nMatrix,Import,matrix-import-${tag.toLowerCase()}@example.org,,,\r\n`;

/** A checked file of one person that the actor made for the target's conference, written straight to the table. */
async function preview(t: Target, tag: string, actor: Actor): Promise<string> {
  const importId = `imp-matrix-${tag}`.slice(0, 60);
  const common = { importId, kind: 'people' as const, ownerId: actor.userId, conferenceId: t.chain.Conference };
  const row = { line: 2, firstName: 'Matrix', lastName: 'Import', email: `matrix-import-${tag.toLowerCase()}@example.org`, locationId: t.chain.Conference, locationKind: 'Conference', roleIds: [] };
  await db().entities.importChunk.put([{ ...common, chunk: 0, ready: 1, chunks: 1 }, { ...common, chunk: 1, rows: [row] }]).go();
  return importId;
}

/** CSV import (rows in authorization-matrix.import-expected.ts): into the target's conference. */
export const IMPORT_CALLS: Record<string, CallBuilder> = {
  'conference.importPreview': (t, tag) => ({ path: `/api/conference/${t.chain.Conference}/import/preview`, method: 'POST', body: { kind: 'people', csv: csv(tag) } }),
  'conference.importStart': async (t, tag, actor) => ({ path: `/api/conference/${t.chain.Conference}/import/${await preview(t, tag, actor)}`, method: 'POST', body: { sendInvitations: false } }),
};
