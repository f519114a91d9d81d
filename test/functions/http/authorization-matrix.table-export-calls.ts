import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { TABLE_EXPORT_JOB_KIND, tableExportJobId, type TableExportInput } from '../../../functions/core/exports/export-job';
import type { TableExportResult } from '../../../shared/schemas/table-export';
import { putEnrolment } from '../../support/enrolments';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

const tracks = new Map<string, Promise<string>>();

/** A track of the target's conference with the target enrolled in its district (one track per chain). */
async function trackOf(t: Target): Promise<string> {
  const key = `${t.chain.Conference}/${t.chain.District}`;
  if (!tracks.has(key)) {
    tracks.set(
      key,
      (async () => {
        const trackTemplateId = `matrix-export-${newId().toLowerCase()}`;
        await db().entities.trackTemplate.create({ trackTemplateId, name: 'Matrix export', description: 'Matrix', conferenceId: t.chain.Conference, disabled: false, status: 'active' }).go();
        return trackTemplateId;
      })(),
    );
  }
  const trackTemplateId = await tracks.get(key)!;
  await putEnrolment({ trackTemplateId, participantId: t.userId, districtId: t.chain.District });
  return trackTemplateId;
}

/** A finished users-table export owned by `ownerId`, written straight to the table (the file itself is never fetched). */
async function finishedExport(ownerId: string, tag: string): Promise<string> {
  const input: TableExportInput = { spec: { source: 'users', where: { name: tag.replace(/\W/g, '') } }, format: 'csv', requesterId: ownerId, exportId: 'matrix' };
  const jobId = tableExportJobId(ownerId, input.spec, input.format);
  const result: TableExportResult = { fileName: 'users.csv', rows: 0, bytes: 3, truncated: false, expiresAt: new Date(Date.now() + 86_400_000).toISOString() };
  await db().entities.job.put({ jobId, kind: TABLE_EXPORT_JOB_KIND, ownerId, title: 'Matrix export', input, status: 'succeeded', done: 0, total: 0, steps: 1, result }).go();
  return jobId;
}

/** The table exports (rows in authorization-matrix.table-export-expected.ts). */
export const TABLE_EXPORT_CALLS: Record<string, CallBuilder> = {
  'track.instancesExport': async (t) => ({ path: `/api/track/${await trackOf(t)}/instances/export`, method: 'POST', body: { format: 'csv' } }),
  'user.getUsersByCurrentUserExport': (t) => ({ path: '/api/user/get-users-by-current-user/export', method: 'POST', body: { format: 'csv', conditions: { districtId: t.chain.District } } }),
  'audit.organisationExport': (t) => ({ path: '/api/audit/organisation/export', query: `scopeId=${t.chain.Conference}&format=csv` }),
  'conference.dashboardExport': (t) => ({ path: `/api/conference/dashboard/${t.chain.District}/export`, query: 'format=xlsx' }),
  // Own: the actor's own finished export; other: one the target user made.
  'job.tableExportLink': async (t, tag, actor) => ({ path: `/api/job/${await finishedExport(t.side === 'own' ? actor.userId : t.userId, tag)}/table-export` }),
};
