import { db } from '../../../functions/db/service';
import { DATA_EXPORT_JOB_KIND, exportJobId, type DataExportInput } from '../../../functions/core/people/data-export/export-job';
import type { DataExportResult } from '../../../shared/api/user-export';
import { putTestUser } from '../../support/test-users';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

const person = (t: Target, tag: string) => putTestUser({ firstName: 'Matrix', lastName: `${tag}Export`, locationId: t.chain.Church });

/** The actor's finished export of this person, written straight to the table (the archive itself is never fetched). */
async function finishedExport(userId: string, actor: Actor): Promise<void> {
  const jobId = exportJobId(userId, actor.userId);
  const input: DataExportInput = { userId, requesterId: actor.userId, exportId: 'matrix' };
  const result: DataExportResult = { fileName: 'data-export-matrix.zip', bytes: 22, files: 0, enrolments: 0, expiresAt: new Date(Date.now() + 86_400_000).toISOString() };
  await db().entities.job.put({ jobId, kind: DATA_EXPORT_JOB_KIND, ownerId: actor.userId, title: 'Matrix export', input, status: 'succeeded', done: 2, total: 2, steps: 2, result }).go();
}

/** A person's data export (rows in authorization-matrix.export-expected.ts): a fresh person at the target's church per call. */
export const EXPORT_CALLS: Record<string, CallBuilder> = {
  // A fresh person per call: one export per person and requester runs at a time.
  'user.startDataExport': async (t, tag) => ({ path: `/api/user/${await person(t, tag)}/data-export`, method: 'POST' }),
  'user.dataExportLink': async (t, tag, actor) => {
    const userId = await person(t, tag);
    await finishedExport(userId, actor);
    return { path: `/api/user/${userId}/data-export/link` };
  },
};
