import { crc32 as nodeCrc32 } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { handler as userHandler } from '../../../functions/http/user/handler';
import { DEMO_INSTANCE_IDS as ids } from '../../../functions/db/seed/demo-tracks';
import { db } from '../../../functions/db/service';
import { getJob, runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { archiveKey, exportJobId, type DataExportInput } from '../../../functions/core/people/data-export/export-job';
import { describeObject } from '../../../functions/lib/adapters/storage';
import { config } from '../../../functions/lib/config';
import { EXPORT_EXPIRED, EXPORT_RUNNING, NO_FINISHED_EXPORT } from '../../../shared/api/user-export';
import { EXPORT_ARCHIVE_DAYS, EXPORT_LINK_SECONDS } from '../../../shared/files/data-exports';
import { READ_SCREEN_HEADER } from '../../../shared/schemas/read-log';
import { COMMENT_TYPES } from '../../../shared/schemas/user-labels';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';

/**
 * A person's data export (issue 25, item 4) against DynamoDB Local and the S3 stand-in: who may
 * start one, the job's archive opened and read entry by entry (JSON and the file's bytes), what a
 * requester who may not see private content gets, the read entry written before the link, the link
 * refused to anyone but its requester, and its expiry.
 */
process.env.LOG_LEVEL = 'warn';
const SUPERADMIN = 'superadmin@example.org';
const PARTICIPANT = 'participant@example.org';
const ADVISOR = 'advisor@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const TRANSCRIPT_CONTENT = 'demo-content-instance-transcript';
const FILE_KEY = '01jdataexporttranscript000';
const FILE_NAME = 'transcript.pdf';
const FILE_BYTES = Buffer.from('%PDF-1.4 the transcript, byte for byte \u00e9\n');
const SECRET_ANSWER = 'A call I told only this form about';
const ALIAS = 'Pat the Exported';
const COMMENT_TEXT = 'Spoke with the district about the call';

const participant = () => demoUser(PARTICIPANT).id;
// The web names no screen: the link route is the export's screen itself (a named one is overridden).
const call = async (as: string, path: string, method = 'GET') => invoke(userHandler, path, { method, cookie: await cookieFor(as), headers: { [READ_SCREEN_HEADER]: 'step-page' } });

interface ZipFile {
  name: string;
  data: Buffer;
}

/** Reads a stored-only zip by its central directory, checking each entry's CRC-32 with Node's own. */
function unzip(zip: Buffer): ZipFile[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(zip.length - 22);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: ZipFile[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    expect(zip.readUInt16LE(at + 10)).toBe(0);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = zip.subarray(start, start + size);
    expect(nodeCrc32(data) >>> 0, name).toBe(crc);
    // The data descriptor after the bytes says the same.
    expect(zip.readUInt32LE(start + size)).toBe(0x08074b50);
    expect(zip.readUInt32LE(start + size + 4)).toBe(crc);
    files.push({ name, data });
    at += 46 + nameLength;
  }
  return files;
}

async function readEntries(): Promise<Array<{ readerId: string; kind: string; route: string; screen?: string }>> {
  const { data } = await db().entities.readEntry.query.byOwner({ ownerId: participant() }).go({ order: 'desc', limit: 200, consistent: true } as never);
  return data;
}

/** Starts an export as `as`, runs its job to the end and downloads the archive through the link route. */
async function exportAs(as: string, userId: string): Promise<{ files: ZipFile[]; url: string; jobId: string }> {
  const started = await call(as, `/api/user/${userId}/data-export`, 'POST');
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const { jobId } = started.body as { jobId: string };
  const job = await runJobToEnd(jobId, jobKinds);
  expect(job?.status, job?.error).toBe('succeeded');
  expect(job!.done).toBe(job!.total);
  const link = await call(as, `/api/user/${userId}/data-export/link`);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const { url, name } = link.body as { url: string; name: string };
  expect(name).toMatch(/^data-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return { files: unzip(Buffer.from(await response.arrayBuffer())), url, jobId };
}

const entry = (files: ZipFile[], name: string | RegExp) => {
  const found = files.find((file) => (typeof name === 'string' ? file.name === name : name.test(file.name)));
  expect(found, `${String(name)} in ${files.map((f) => f.name).join(', ')}`).toBeDefined();
  return found!;
};
const jsonOf = (file: ZipFile) => JSON.parse(file.data.toString('utf8'));

beforeAll(async () => {
  await seedDemo();
  // The participant's transcript in the private upload (advisors may see it), its bytes in storage.
  const s3 = new S3Client({ region: config.region, endpoint: config.s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await s3.send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: FILE_KEY, Body: FILE_BYTES }));
  await db()
    .entities.uploadedFile.create({ userId: participant(), fileKey: FILE_KEY, name: FILE_NAME, kind: 'Document', targetType: 'uploadContent', targetId: TRANSCRIPT_CONTENT, contentType: 'application/pdf', size: FILE_BYTES.length, status: 'confirmed' })
    .go();
  await db()
    .entities.stepContentInstance.patch({ trackInstanceId: ids.trackInstance, stepInstanceId: ids.transcriptStep, contentInstanceId: TRANSCRIPT_CONTENT })
    .set({ upload: { submitted: true, files: [{ id: 'file-1', fileKey: FILE_KEY, name: FILE_NAME }] } })
    .go();
  // The interview step open: its private notes are the advisor's (the participant never sees them).
  await db().entities.stepInstance.patch({ trackInstanceId: ids.trackInstance, stepInstanceId: ids.interviewStep }).set({ status: 'Ready' }).go();
  // The participant's answers, saved as the app saves them.
  const { data: form } = await db().entities.formInstance.get({ trackInstanceId: ids.trackInstance, formInstanceId: ids.questionnaireForm }).go({ consistent: true });
  const saved = await invoke((await import('../../../functions/http/form/handler')).handler, `/api/form/form-instance/${ids.questionnaireForm}`, {
    method: 'PATCH',
    cookie: await cookieFor(PARTICIPANT),
    body: { data: { 'legal-name': 'Pat Participant', 'birth-date': '1990-04-02', call: SECRET_ANSWER, language: 'Swahili', confirm: true }, submitted: false, version: form!.version },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // Changes to the participant's record, through the routes that audit them: an alias and a comment.
  expect((await call(SUPERADMIN, `/api/user/${participant()}/alias/${encodeURIComponent(ALIAS)}`, 'POST')).status).toBeLessThan(300);
  const comment = await invoke(userHandler, `/api/user/${participant()}/comment`, { method: 'POST', cookie: await cookieFor(SUPERADMIN), body: { comments: [{ type: COMMENT_TYPES[0], comment: COMMENT_TEXT }] } });
  expect(comment.status, JSON.stringify(comment.body)).toBe(201);
});

describe('who may start an export', () => {
  it('refuses an advisor and a conference admin on another person (403) and changes nothing; a superadmin naming nobody gets 404', async () => {
    for (const as of [ADVISOR, CONFERENCE_ADMIN]) {
      const refused = await call(as, `/api/user/${participant()}/data-export`, 'POST');
      expect(refused.status).toBe(403);
      expect(await getJob(exportJobId(participant(), demoUser(as).id))).toBeNull();
      expect((await call(as, `/api/user/${participant()}/data-export/link`)).status).toBe(403);
    }
    expect((await call(SUPERADMIN, '/api/user/no-such-user/data-export', 'POST')).status).toBe(404);
    expect(await getJob(exportJobId('no-such-user', demoUser(SUPERADMIN).id))).toBeNull();
  });
});

describe("a superadmin's export of a participant", () => {
  let files: ZipFile[] = [];
  let url = '';

  it('writes one archive: person.json, the enrolment with its steps, answers and private content, the file byte for byte', async () => {
    const before = (await readEntries()).length;
    ({ files, url } = await exportAs(SUPERADMIN, participant()));
    expect(files.map((f) => f.name).sort()).toEqual(['enrolments/Candidacy Pathway-demo-instance-candidacy.json', `files/${FILE_KEY}-${FILE_NAME}`, 'person.json', 'records.json']);

    const person = jsonOf(entry(files, 'person.json'));
    expect(person.profile).toMatchObject({ id: participant(), email: PARTICIPANT });
    expect(person.exportedBy.id).toBe(demoUser(SUPERADMIN).id);
    expect(person.roles.map((r: { name: string }) => r.name)).toContain('Participant');
    expect(person.enrolments).toEqual([expect.objectContaining({ id: ids.trackInstance, trackName: 'Candidacy Pathway' })]);
    expect(Array.isArray(person.comments)).toBe(true);

    const enrolment = jsonOf(entry(files, /^enrolments\//));
    const steps = enrolment.phases.flatMap((phase: { steps: unknown[] }) => phase.steps);
    const content = (name: string) => steps.flatMap((s: { contents: Array<{ name: string }> }) => s.contents).find((c: { name: string }) => c.name === name);
    expect(content('Questionnaire').form.answers).toMatchObject({ call: SECRET_ANSWER, language: 'Swahili' });
    expect(content('Transcript').upload.files).toEqual([{ key: FILE_KEY, name: FILE_NAME }]);
    // The advisor's private interview notes: a superadmin sees them.
    expect(content('Interview notes')).toMatchObject({ private: true, hidden: false, task: expect.objectContaining({ name: 'Record the interview' }) });
    expect(steps.some((s: { approvals: unknown[] }) => s.approvals.length > 0)).toBe(true);
    expect(entry(files, `files/${FILE_KEY}-${FILE_NAME}`).data.equals(FILE_BYTES)).toBe(true);
    // The enrolment's History, which a superadmin reads on its tab: the participant's saved answers among it.
    expect(enrolment.history.entries.length).toBeGreaterThan(0);

    // What was recorded about the person: the alias and the comment (never its text).
    const records = jsonOf(entry(files, 'records.json'));
    const kinds = records.history.entries.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['aliases', 'comments']));
    expect(records.history.complete).toBe(true);
    expect(JSON.stringify(records)).not.toContain(COMMENT_TEXT);
    expect(records.readAccess).toMatchObject({ entries: expect.any(Array), complete: true });

    // The read is in the participant's log (screen: the export), written before the link was answered.
    const after = await readEntries();
    const added = after.slice(0, after.length - before);
    expect(added).toEqual([expect.objectContaining({ readerId: demoUser(SUPERADMIN).id, kind: 'export', route: 'user.dataExportLink', screen: 'data-export' })]);
  });

  it('the link expires after EXPORT_LINK_SECONDS and is the requester\u2019s only', async () => {
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(EXPORT_LINK_SECONDS));
    // The participant's own link is not the superadmin's export of them: none yet.
    const mine = await call(PARTICIPANT, `/api/user/${participant()}/data-export/link`);
    expect(mine.status).toBe(404);
    expect(JSON.stringify(mine.body)).toContain(NO_FINISHED_EXPORT);
  });

  it('keeps the archive EXPORT_ARCHIVE_DAYS: past them the link is refused and the archive deleted', async () => {
    const jobId = exportJobId(participant(), demoUser(SUPERADMIN).id);
    const job = (await getJob(jobId))!;
    const key = archiveKey(jobId, job.input as DataExportInput);
    expect(await describeObject(key)).not.toBeNull();
    const expiresAt = Date.parse((job.result as { expiresAt: string }).expiresAt);
    expect(Math.abs(expiresAt - (Date.now() + EXPORT_ARCHIVE_DAYS * 86_400_000))).toBeLessThan(120_000);
    await db().entities.job.patch({ jobId }).set({ result: { ...(job.result as object), expiresAt: new Date(Date.now() - 1000).toISOString() } }).go();
    const before = (await readEntries()).length;
    const expired = await call(SUPERADMIN, `/api/user/${participant()}/data-export/link`);
    expect(expired.status).toBe(404);
    expect(JSON.stringify(expired.body)).toContain(EXPORT_EXPIRED);
    expect(await describeObject(key)).toBeNull();
    expect((await readEntries()).length).toBe(before);
  });

  it('runs one export per person and requester at a time (409), and a new one replaces a finished one', async () => {
    const started = await call(SUPERADMIN, `/api/user/${participant()}/data-export`, 'POST');
    expect(started.status).toBe(202);
    const again = await call(SUPERADMIN, `/api/user/${participant()}/data-export`, 'POST');
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain(EXPORT_RUNNING);
    const { jobId } = started.body as { jobId: string };
    expect((await runJobToEnd(jobId, jobKinds))?.status).toBe('succeeded');
    expect((await call(SUPERADMIN, `/api/user/${participant()}/data-export/link`)).status).toBe(200);
  });
});

describe("the participant's export of their own data", () => {
  it('holds what they may see: their answers and file, not the private interview notes nor comments; no read entry', async () => {
    const before = (await readEntries()).length;
    const { files } = await exportAs(PARTICIPANT, participant());
    expect((await readEntries()).length).toBe(before);
    const person = jsonOf(entry(files, 'person.json'));
    expect(person.comments).toBeNull();
    expect(person.withheld).toContain('comments');
    // What was recorded about them: the alias, not the comment's entry; and who read their material (the superadmin's export above).
    const records = jsonOf(entry(files, 'records.json'));
    const kinds = records.history.entries.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain('aliases');
    expect(kinds).not.toContain('comments');
    expect(records.readAccess.entries).toEqual(expect.arrayContaining([expect.objectContaining({ readerId: demoUser(SUPERADMIN).id, kind: 'export' })]));
    const enrolment = jsonOf(entry(files, /^enrolments\//));
    const contents = enrolment.phases.flatMap((p: { steps: Array<{ contents: unknown[] }> }) => p.steps.flatMap((s) => s.contents));
    const notes = contents.find((c: { name: string }) => c.name === 'Interview notes');
    expect(notes).toEqual(expect.objectContaining({ private: true, hidden: true }));
    expect(notes).not.toHaveProperty('task');
    expect(JSON.stringify(enrolment)).not.toContain('Record the interview');
    // The enrolment's History is its advisors' record, as on its tab.
    expect(enrolment.history).toBeNull();
    expect(contents.find((c: { name: string }) => c.name === 'Questionnaire').form.answers.call).toBe(SECRET_ANSWER);
    expect(entry(files, `files/${FILE_KEY}-${FILE_NAME}`).data.equals(FILE_BYTES)).toBe(true);
  });
});
