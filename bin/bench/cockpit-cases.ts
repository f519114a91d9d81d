import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { DEMO_INSTANCE_IDS } from '../../functions/db/seed/demo-tracks';
import { db } from '../../functions/db/service';
import { IMPORT_COLUMNS, type ImportPreview } from '../../shared/imports/csv-import';
import { SMALL_EXPORT_ROWS, type ExportAnswer } from '../../shared/schemas/table-export';
import { AS } from './accounts';
import { deactivate } from './admin-cases';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { freshEnrolments, removeFresh, type Enrolment } from './enrolment-fixtures';
import { forEachConcurrently, forgetRateCount, underRateLimit } from './fixtures';
import { removeTableEnrolments, tableEnrolments, type TableEnrolments } from './participant-cases';
import { jobResults, succeededJob } from './track-cases';

/**
 * The registrar's cockpit (issue 27), as the demo conference admin on Blue Ridge: the dashboard,
 * its waiting list and export, the users and participants tables as files (rate limited: each
 * case makes the calls its limit leaves), a large export's download link, CSV import and the
 * candidate packet. An import started or a packet made follows its preview or enrolment (one job
 * each), so those calls each work on one of their own; a link is signed for a file made first.
 */
const WRITE_CALLS = 20;
const conference = DEMO_LOCATION_IDS.conference1;
const dashboard = `/api/conference/dashboard/${conference}`;
const importPath = `/api/conference/${conference}/import`;
const packetPath = (trackInstanceId: string) => `/api/track/track-instance/${trackInstanceId}/packet`;
const instancesExport = (trackTemplateId: string) => `/api/track/${trackTemplateId}/instances/export`;

/** People rows for an import into Blue Ridge: new people of Foothills District, each to be a Mentor. */
const PREVIEW_ROWS = 25;
const START_ROWS = 3;
const importEmail = (runId: string, label: string, n: number) => `bench.import.${label}.${runId}.${n}@example.org`;
const peopleCsv = (emails: string[]) =>
  [IMPORT_COLUMNS.people, ...emails.map((email, n) => ['Bench', `Imported ${n}`, email, '', 'Foothills District', 'Mentor'])].map((cells) => cells.join(',')).join('\r\n') + '\r\n';

interface Imports {
  importIds: string[];
  emails: string[];
}

/** One preview per call, each of START_ROWS people of its own, every row ready. */
async function previews(ctx: BenchContext, calls: number): Promise<Imports> {
  const emails = Array.from({ length: calls * START_ROWS }, (_, n) => importEmail(ctx.runId, 'start', n));
  const importIds: string[] = [];
  for (let call = 0; call < calls; call++) {
    const preview = await ctx.api<ImportPreview>(AS.conferenceAdmin, 'POST', `${importPath}/preview`, { kind: 'people', csv: peopleCsv(emails.slice(call * START_ROWS, (call + 1) * START_ROWS)) });
    if (preview.summary.ready !== START_ROWS) throw new Error(`The import fixture's rows are not ready: ${JSON.stringify(preview.rows)}`);
    importIds.push(preview.importId!);
  }
  return { importIds, emails };
}

/** Deactivates the people the import jobs added, found by their emails once the jobs ended. */
async function removeImported(ctx: BenchContext, made: Imports, responses: unknown[]): Promise<void> {
  await jobResults(ctx, responses);
  const userIds: string[] = [];
  await forEachConcurrently(made.emails, async (email) => {
    const { data } = await db().entities.userEmail.get({ email }).go();
    if (data) userIds.push(data.userId);
  });
  await deactivate(ctx, userIds);
}

interface LargeExport extends TableEnrolments {
  jobId: string;
}

export const COCKPIT_CASES: Record<string, BenchCase> = {
  'conference.dashboard': { as: AS.conferenceAdmin, path: dashboard, singleItem: true },
  'conference.dashboardWaiting': { as: AS.conferenceAdmin, path: `${dashboard}/waiting`, query: 'status=Ready' },
  'conference.dashboardEnrolments': { as: AS.conferenceAdmin, path: `${dashboard}/enrolments`, query: 'status=Open' },
  'conference.dashboardExport': underRateLimit('tableExport', { as: AS.conferenceAdmin, path: `${dashboard}/export`, query: 'format=csv' }),
  'user.getUsersByCurrentUserExport': underRateLimit('tableExport', { as: AS.conferenceAdmin, path: '/api/user/get-users-by-current-user/export', body: { format: 'csv', conditions: {} } }),
  // The demo track's participants: a small table, the file comes in the answer.
  'track.instancesExport': underRateLimit('tableExport', { as: AS.conferenceAdmin, path: instancesExport(DEMO_INSTANCE_IDS.trackTemplate), body: { format: 'csv' } }),
  // A participants export too large for the answer (a track of SMALL_EXPORT_ROWS + 1 enrolments written for the run), made by its job first.
  'job.tableExportLink': benchCase<LargeExport>({
    as: AS.conferenceAdmin,
    path: '/api/job/{id}/table-export',
    prepare: async (ctx) => {
      const made = await tableEnrolments(ctx, SMALL_EXPORT_ROWS + 1, 'large export');
      // A fixture is not a measured call: the exports of the cases before it may have used the limit up.
      await forgetRateCount('tableExport', AS.conferenceAdmin);
      const answer = await ctx.api<ExportAnswer>(AS.conferenceAdmin, 'POST', instancesExport(made.trackTemplateId), { format: 'csv' });
      if (answer.kind !== 'job') throw new Error('The large export came in the answer: the fixture is too small');
      // The job's start waits in the stream behind the enrolments just written (their projections): up to ten minutes on a busy machine.
      await succeededJob(ctx, answer.jobId, AS.conferenceAdmin, 600_000);
      return { ...made, jobId: answer.jobId };
    },
    each: (_call, made) => ({ path: `/api/job/${made.jobId}/table-export` }),
    cleanUp: removeTableEnrolments,
    singleItem: true,
  }),
  // The same file each call: every row checked, the ready rows stored again under the same import id.
  'conference.importPreview': benchCase<string>({
    as: AS.conferenceAdmin,
    path: `${importPath}/preview`,
    prepare: async (ctx) => peopleCsv(Array.from({ length: PREVIEW_ROWS }, (_, n) => importEmail(ctx.runId, 'preview', n))),
    each: (_call, csv) => ({ body: { kind: 'people', csv } }),
  }),
  'conference.importStart': benchCase<Imports>({
    as: AS.conferenceAdmin,
    path: `${importPath}/{importId}`,
    calls: WRITE_CALLS,
    prepare: previews,
    each: (call, made) => ({ path: `${importPath}/${made.importIds[call]}`, body: { sendInvitations: false } }),
    cleanUp: removeImported,
    singleItem: true,
  }),
  // One packet per enrolment and requester at a time: each call makes the packet of an enrolment of its own.
  'track.startPacket': benchCase<Enrolment[]>({
    as: AS.conferenceAdmin,
    path: packetPath('{id}'),
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => freshEnrolments(ctx, calls),
    each: (call, made) => ({ path: packetPath(made[call].trackInstanceId), body: { pageSize: 'Letter' } }),
    cleanUp: async (ctx, made, responses) => {
      await jobResults(ctx, responses);
      await removeFresh(ctx, made);
    },
    singleItem: true,
  }),
  // The conference admin's packet of the demo enrolment, made first; each link is recorded in the participant's read-access log.
  'track.packetLink': benchCase<void>({
    as: AS.conferenceAdmin,
    path: `${packetPath(DEMO_INSTANCE_IDS.trackInstance)}/link`,
    prepare: async (ctx) => succeededJob(ctx, (await ctx.api<{ jobId: string }>(AS.conferenceAdmin, 'POST', packetPath(DEMO_INSTANCE_IDS.trackInstance), { pageSize: 'A4' })).jobId, AS.conferenceAdmin),
    singleItem: true,
  }),
};
