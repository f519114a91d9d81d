import { handler as tracks } from '../../../functions/http/track/handler';
import { handler as users } from '../../../functions/http/user/handler';
import { handler as audit } from '../../../functions/http/audit/handler';
import { handler as conference } from '../../../functions/http/conference/handler';
import { handler as jobs } from '../../../functions/http/job/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { transact } from '../../../functions/db/transact';
import { getJob, jobFaults, runJobStep, runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { parallelWriter } from '../../../functions/db/seed/large-writer';
import { enrolmentTableItems } from '../../../functions/db/seed/large-enrolments';
import { auditEntryWrite } from '../../../functions/core/records/audit-write';
import { EXPORT_PAGE_ROWS, NO_FINISHED_TABLE_EXPORT, SMALL_EXPORT_ROWS, TABLE_EXPORT_EXPIRED, TABLE_EXPORT_RUNNING, type ExportAnswer, type TableExportResult } from '../../../shared/schemas/table-export';
import type { ParticipantPage } from '../../../shared/schemas/participants';
import type { AuditPage } from '../../../shared/schemas/audit';
import type { UserRow } from '../../../shared/api/user-directory';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { putEnrolment } from '../../support/enrolments';
import { unzip, sheetRows, xlsxTexts } from '../../support/xlsx-read';

/**
 * Exports of the registrar's tables (issue 27, items 3 and 6) against DynamoDB Local and the S3
 * stand-in: each export holds exactly the rows the same caller's table shows with the same filters
 * (from both sides: what one caller sees, another does not get), formulas never run in either
 * format, a small export comes in the answer, a large one is a job whose link only its requester
 * gets, that resumes after a crash without a row twice, and expires.
 */
process.env.LOG_LEVEL = 'warn';
const INJECTION = '=HYPERLINK("http://x","y")';

let conferenceAdmin: string;
let districtAdmin: string;
let advisor: string;
let participant: string;
let superadmin: string;

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin, districtAdmin, advisor, participant] = await Promise.all(
    ['superadmin@example.org', 'conference.admin@example.org', 'district.admin@example.org', 'advisor@example.org', 'participant@example.org'].map(cookieFor),
  );
});

const fileOf = (answer: ExportAnswer) => {
  if (answer.kind !== 'file') throw new Error(`Expected a file, got ${JSON.stringify(answer)}`);
  return Buffer.from(answer.base64, 'base64');
};
/** A CSV's records (no BOM), each a list of fields (quoted fields, quotes doubled, no line breaks in these tests). */
const csvRecords = (file: Buffer) => {
  const text = file.toString('utf8');
  expect(text.startsWith('\ufeff')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1].replaceAll('""', '"')));
};

const exportParticipants = (cookie: string, track: string, body: Record<string, unknown>) => invoke(tracks, `/api/track/${track}/instances/export`, { method: 'POST', cookie, body });

async function trackIn(conferenceId: string): Promise<string> {
  const trackTemplateId = `exports-track-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId, name: 'Exports', description: 'Exports', conferenceId, disabled: false, status: 'active' }).go();
  return trackTemplateId;
}

describe('participants exports', () => {
  let track: string;
  beforeAll(async () => {
    track = await trackIn(ids.conference1);
    const advisorId = demoUser('advisor@example.org').id;
    const [ann, bob, hacker] = await Promise.all([
      putTestUser({ firstName: 'Ann', lastName: 'Zoë Abbott', locationId: ids.church1 }),
      putTestUser({ firstName: 'Bob', lastName: 'Private', locationId: ids.church1 }),
      putTestUser({ firstName: INJECTION, lastName: 'Hacker', locationId: ids.church1 }),
    ]);
    await Promise.all([
      putEnrolment({ trackTemplateId: track, participantId: ann, advisorIds: [advisorId], districtId: ids.district1 }),
      putEnrolment({ trackTemplateId: track, participantId: bob, districtId: ids.district2 }),
      putEnrolment({ trackTemplateId: track, participantId: hacker, advisorIds: [advisorId], districtId: ids.district1 }),
    ]);
  });

  it("gives the conference admin every row and the advisor only those assigned to them, as each one's table does", async () => {
    const all = await exportParticipants(conferenceAdmin, track, { format: 'csv' });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const records = csvRecords(fileOf(all.body as ExportAnswer));
    expect(records[0]).toEqual(['Status', 'First Name', 'Last Name', 'Email', 'Advisors', 'Interviewers', 'Assigned Date']);
    expect(records.slice(1).map((row) => row[2])).toEqual(['Hacker', 'Private', 'Zoë Abbott']);

    const mine = await exportParticipants(advisor, track, { format: 'csv' });
    const rows = csvRecords(fileOf(mine.body as ExportAnswer)).slice(1);
    expect(rows.map((row) => row[2])).toEqual(['Hacker', 'Zoë Abbott']);
    expect(JSON.stringify(rows)).not.toContain('Private');
    // The same rows as the advisor's own table.
    const table = (await invoke(tracks, `/api/track/${track}/true/instances`, { method: 'POST', cookie: advisor, body: { limit: 50 } })).body as ParticipantPage;
    expect(rows.map((row) => row[0] + row[2])).toEqual(table.data.map((row) => row.status + row.participant.lastName));
  });

  it('exports with the filters of the table', async () => {
    const res = await exportParticipants(conferenceAdmin, track, { format: 'csv', where: { lastName: 'pri' } });
    expect(csvRecords(fileOf(res.body as ExportAnswer)).slice(1).map((row) => row[1])).toEqual(['Bob']);
    const bad = await exportParticipants(conferenceAdmin, track, { format: 'pdf', where: { colour: 'red' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('format is csv or xlsx');
  });

  it('defuses a formula in CSV and writes it as an inline string in XLSX', async () => {
    const csv = fileOf((await exportParticipants(advisor, track, { format: 'csv' })).body as ExportAnswer).toString('utf8');
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    const res = await exportParticipants(advisor, track, { format: 'xlsx' });
    const answer = res.body as ExportAnswer & { kind: 'file' };
    expect(answer).toMatchObject({ fileName: `participants-${track}.xlsx`, rows: 2, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const sheet = unzip(fileOf(answer)).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet).not.toContain('<f>');
    const cells = sheetRows(sheet);
    expect(cells[0].every((cell) => cell.bold && cell.type === 'inlineStr')).toBe(true);
    const injected = cells.flat().find((cell) => cell.text === INJECTION);
    expect(injected).toMatchObject({ type: 'inlineStr' });
    expect(cells.flat().every((cell) => cell.type === 'inlineStr')).toBe(true);
  });

  it('refuses those who may not read the track, and anyone signed out', async () => {
    const elsewhere = await trackIn(ids.conference2);
    expect((await exportParticipants(conferenceAdmin, elsewhere, { format: 'csv' })).status).toBe(403);
    expect((await invoke(tracks, `/api/track/${track}/instances/export`, { method: 'POST', body: { format: 'csv' } })).status).toBe(401);
  });
});

describe('users exports', () => {
  beforeAll(async () => {
    await Promise.all([
      putTestUser({ firstName: 'Uma', lastName: 'Exportable', locationId: ids.church1 }),
      putTestUser({ firstName: 'Ursula', lastName: 'Exportable', locationId: ids.district2 }),
      putTestUser({ firstName: 'Ulf', lastName: 'Exportable', locationId: ids.district3 }),
    ]);
  });

  const exportUsers = (cookie: string, body: Record<string, unknown>) => invoke(users, '/api/user/get-users-by-current-user/export', { method: 'POST', cookie, body });
  const tableOf = async (cookie: string, conditions: Record<string, unknown>) =>
    ((await invoke(users, '/api/user/get-users-by-current-user', { method: 'POST', cookie, body: { conditions, limit: 50 } })).body as { data: UserRow[] }).data;

  it("gives a district admin only the users of their district, as their table, and a conference admin the conference's", async () => {
    const conditions = { name: 'exportable' };
    const mine = csvRecords(fileOf((await exportUsers(districtAdmin, { format: 'csv', conditions })).body as ExportAnswer));
    expect(mine[0]).toEqual(['First Name', 'Last Name', 'Email', 'Roles', 'Status', 'Conference', 'District', 'Created']);
    expect(mine.slice(1).map((row) => row[0])).toEqual(['Uma']);
    expect(mine.slice(1).map((row) => row[2])).toEqual((await tableOf(districtAdmin, conditions)).map((row) => row.email));
    const conference_ = csvRecords(fileOf((await exportUsers(conferenceAdmin, { format: 'csv', conditions })).body as ExportAnswer));
    expect(conference_.slice(1).map((row) => row[0]).sort()).toEqual(['Uma', 'Ursula']);
    const workbook = xlsxTexts(fileOf((await exportUsers(superadmin, { format: 'xlsx', conditions })).body as ExportAnswer));
    expect(workbook.slice(1).map((row) => row[0]).sort()).toEqual(['Ulf', 'Uma', 'Ursula']);
  });

  it('refuses those who read no users', async () => {
    expect((await exportUsers(participant, { format: 'csv' })).status).toBe(403);
  });
});

describe('audit exports', () => {
  const chain = [ids.jurisdiction1, ids.episcopalArea1, ids.conference1];
  beforeAll(async () => {
    const person = await putTestUser({ firstName: 'Audrey', lastName: 'Audited', locationId: ids.church1 });
    for (const [index, value] of [INJECTION, 'plain', 'private'].entries()) {
      await transact([
        auditEntryWrite({
          actor: { actorId: 'demo-admin-x', actorName: 'Ada Admin' },
          chain: 'User',
          recordId: person,
          action: 'user.tag.added',
          kind: 'tags',
          subject: 'Audrey Audited',
          changes: [index === 2 ? { field: 'note', changed: true } : { field: 'tag', after: value }],
          scopeIds: chain,
          auditScope: ids.conference1,
          at: new Date(Date.parse('2026-03-01T12:00:00Z') + index * 60_000),
        } as never),
      ]);
    }
  });

  const query = `scopeId=${ids.conference1}&kind=tags&from=2026-03-01&to=2026-03-01`;

  it('holds what the audit page shows its reader, a private value only as changed', async () => {
    const res = await invoke(audit, '/api/audit/organisation/export', { cookie: conferenceAdmin, query: `${query}&format=csv` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = csvRecords(fileOf(res.body as ExportAnswer)).slice(1);
    const page = (await invoke(audit, '/api/audit/organisation', { cookie: conferenceAdmin, query })).body as AuditPage;
    expect(rows.map((row) => row[0])).toEqual(page.data.map((entry) => entry.at));
    expect(rows.map((row) => row[7])).toEqual(['note: changed', 'tag:  -> plain', `tag:  -> ${INJECTION}`]);
    const xlsx = xlsxTexts(fileOf((await invoke(audit, '/api/audit/organisation/export', { cookie: conferenceAdmin, query: `${query}&format=xlsx` })).body as ExportAnswer));
    expect(xlsx.slice(1).map((row) => row[7])).toEqual(rows.map((row) => row[7]));
  });

  it("refuses a district admin and another conference's admin", async () => {
    expect((await invoke(audit, '/api/audit/organisation/export', { cookie: districtAdmin, query: `${query}&format=csv` })).status).toBe(403);
    expect((await invoke(audit, '/api/audit/organisation/export', { cookie: conferenceAdmin, query: `scopeId=${ids.conference2}&format=csv` })).status).toBe(403);
  });
});

describe('dashboard exports', () => {
  it("writes the dashboard's tables, one sheet each, for whoever reads that dashboard", async () => {
    const csv = await invoke(conference, `/api/conference/dashboard/${ids.conference1}/export`, { cookie: conferenceAdmin, query: 'format=csv' });
    expect(csv.status, JSON.stringify(csv.body)).toBe(200);
    const records = csvRecords(fileOf(csv.body as ExportAnswer));
    expect(records[0]).toEqual(['Enrolments by status']);
    expect(records.map((row) => row[0])).toContain('Last 12 months');
    const xlsx = unzip(fileOf((await invoke(conference, `/api/conference/dashboard/${ids.conference1}/export`, { cookie: conferenceAdmin, query: 'format=xlsx' })).body as ExportAnswer));
    expect([...xlsx.keys()].filter((name) => name.startsWith('xl/worksheets/'))).toHaveLength(8);
    expect(records.map((row) => row[0])).toContain('Who is stuck');
    expect((await invoke(conference, `/api/conference/dashboard/${ids.conference2}/export`, { cookie: conferenceAdmin, query: 'format=csv' })).status).toBe(403);
    expect((await invoke(conference, `/api/conference/dashboard/${ids.conference1}/export`, { cookie: advisor, query: 'format=csv' })).status).toBe(403);
  });
});

describe('a large export', () => {
  const COUNT = SMALL_EXPORT_ROWS + 2 * EXPORT_PAGE_ROWS + 7;
  let track: string;
  beforeAll(async () => {
    track = await trackIn(ids.conference1);
    const advisorUser = demoUser('advisor@example.org');
    const writer = parallelWriter({ concurrency: 4 });
    await writer.put(
      enrolmentTableItems({
        trackTemplateId: track,
        trackName: 'Large export',
        conferenceId: ids.conference1,
        districtId: ids.district1,
        count: COUNT,
        advisors: [{ userId: advisorUser.id, firstName: 'Avery', lastName: 'Advisor', email: 'advisor@example.org' }],
      }),
    );
    await writer.flush();
  });

  it('runs as a job that resumes after a crash, and downloads through a link only its requester gets, until it expires', async () => {
    const started = await exportParticipants(conferenceAdmin, track, { format: 'csv' });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const { jobId } = started.body as { kind: 'job'; jobId: string };
    // Asked again while it runs: the same job.
    expect(((await exportParticipants(conferenceAdmin, track, { format: 'csv' })).body as { jobId: string }).jobId).toBe(jobId);
    expect((await invoke(jobs, `/api/job/${jobId}/table-export`, { cookie: conferenceAdmin })).body).toMatchObject({ message: TABLE_EXPORT_RUNNING });

    const begun = Date.now();
    await runJobStep(jobId, jobKinds);
    jobFaults.failAfterWork = true;
    try {
      await expect(runJobStep(jobId, jobKinds)).rejects.toThrow('Injected job fault');
    } finally {
      jobFaults.failAfterWork = false;
    }
    await db().entities.job.patch({ jobId }).set({ leaseUntil: 0 }).go();
    const job = await runJobToEnd(jobId, jobKinds);
    const seconds = (Date.now() - begun) / 1000;
    expect(job?.status, job?.error).toBe('succeeded');
    const result = job!.result as TableExportResult;
    expect(result).toMatchObject({ rows: COUNT, truncated: false, fileName: `participants-${track}.csv` });
    expect(job!.done).toBe(COUNT);
    console.info(`table export: ${COUNT} rows in ${seconds.toFixed(1)} s (${Math.round(COUNT / seconds)} rows/s), ${job!.steps} steps, ${result.bytes} bytes`);

    // Someone else, even a superadmin, has no such export.
    expect((await invoke(jobs, `/api/job/${jobId}/table-export`, { cookie: superadmin })).body).toMatchObject({ message: NO_FINISHED_TABLE_EXPORT });
    const link = await invoke(jobs, `/api/job/${jobId}/table-export`, { cookie: conferenceAdmin });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const response = await fetch((link.body as { url: string }).url);
    expect(response.status).toBe(200);
    const records = csvRecords(Buffer.from(await response.arrayBuffer()));
    expect(records).toHaveLength(COUNT + 1);
    // Every enrolment once, in the table's order.
    expect(new Set(records.slice(1).map((row) => row[3])).size).toBe(COUNT);

    // Past its days the file is refused, with a message.
    await db()
      .entities.job.patch({ jobId })
      .set({ result: { ...result, expiresAt: new Date(Date.now() - 1000).toISOString() } })
      .go();
    const expired = await invoke(jobs, `/api/job/${jobId}/table-export`, { cookie: conferenceAdmin });
    expect(expired.status).toBe(404);
    expect(expired.body).toMatchObject({ message: TABLE_EXPORT_EXPIRED });
    expect((await getJob(jobId))?.status).toBe('succeeded');
  });

  it('stops an export whose requester lost the right to the table', async () => {
    const started = await exportParticipants(conferenceAdmin, track, { format: 'xlsx' });
    expect(started.status).toBe(202);
    const { jobId } = started.body as { jobId: string };
    // The track moves to another conference meanwhile: its former conference's admin reads it no more.
    await db().entities.trackTemplate.patch({ trackTemplateId: track }).set({ conferenceId: ids.conference2 }).go();
    try {
      const job = await runJobToEnd(jobId, jobKinds);
      expect(job?.status).toBe('failed');
      expect(job?.error).toBe('You may no longer export this table.');
    } finally {
      await db().entities.trackTemplate.patch({ trackTemplateId: track }).set({ conferenceId: ids.conference1 }).go();
    }
  });
});
