import { handler as fileHandler } from '../../../functions/http/file/handler';
import { handler as stepHandler } from '../../../functions/http/step/handler';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { openSession } from '../../../functions/core/session/open-session';
import { sessionCookieName } from '../../../functions/lib/http/cookies';
import { NOT_RESPONSIBLE } from '../../../functions/core/step-work/step-load';
import { UPLOAD_ONE_FILE, UPLOAD_SUBMITTED } from '../../../functions/core/step-work/step-upload';
import { CONTENT_NOT_FOUND, FILE_IN_UPLOAD } from '../../../functions/core/files/upload-content-target';
import { FILE_TYPE_REFUSED } from '../../../shared/files/upload-kinds';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/**
 * Files in a step's upload content (the demo transcript: private, Advisor approved, one
 * Document) against DynamoDB Local and the run's local S3: who may upload and add, the
 * count and kind, submit and the participant's Documents, removal, downloads, and that the
 * file's name never reaches those who may not view the content.
 */
const PARTICIPANT = 'participant@example.org';
const ADVISOR = 'advisor@example.org';
const INTERVIEWER = 'interviewer@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const MENTOR = 'mentor@example.org';
const ids = DEMO_INSTANCE_IDS;
const CONTENT = 'demo-content-instance-transcript';
const target = { type: 'uploadContent', contentInstanceId: CONTENT };
let otherParticipant = '';

const as = async (email: string) => (email === 'other' ? otherParticipant : cookieFor(email));
const file = async (email: string, path: string, options: { method?: string; body?: unknown; query?: string } = {}) => invoke(fileHandler, path, { ...options, cookie: await as(email) });
const step = async (email: string, path: string, options: { method?: string; body?: unknown } = {}) => invoke(stepHandler, path, { ...options, cookie: await as(email) });
const page = (email = PARTICIPANT) => step(email, `/api/step/step-instance/${ids.transcriptStep}`);
const change = (body: Record<string, unknown>, email = PARTICIPANT) => step(email, `/api/step/instance/content/${CONTENT}`, { method: 'PATCH', body: { instanceType: 'Upload', ...body } });
const ask = (name: string, size: number, email = PARTICIPANT) => file(email, '/api/file/upload', { method: 'POST', body: { target, name, size } });

async function uploaded(name: string, content = 'transcript', email = PARTICIPANT): Promise<{ key: string; name: string }> {
  const grant = await ask(name, Buffer.byteLength(content), email);
  expect(grant.status).toBe(201);
  const form = new FormData();
  for (const [field, value] of Object.entries(grant.body.upload.fields as Record<string, string>)) form.append(field, value);
  form.append('file', new Blob([content]));
  expect((await fetch(grant.body.upload.url, { method: 'POST', body: form })).ok).toBe(true);
  expect((await file(email, `/api/file/files/${grant.body.file.key}/confirm`, { method: 'POST' })).status).toBe(200);
  return grant.body.file;
}

async function contentVersion(): Promise<number> {
  return (await page()).body.contents[0].version;
}

async function removals(key: string): Promise<number> {
  const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
  return data.filter((item) => item.kind === 'removeObject' && (item.payload as { key: string }).key === key).length;
}

beforeAll(async () => {
  await seedDemo();
  // The interviewer is assigned to the enrolment: they read the step, but the private transcript is not theirs.
  const interviewer = demoUser(INTERVIEWER);
  const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId: ids.trackInstance }).go();
  await db()
    .entities.trackInstance.patch({ trackInstanceId: ids.trackInstance })
    .set({ assignees: [...instance!.assignees, { userId: interviewer.id, roleId: systemRoleByName('Interviewer').id, roleName: 'Interviewer', firstName: interviewer.firstName, lastName: interviewer.lastName }] })
    .go();
  // An advisor approval on the transcript step, so a submitted upload waits in PendingReview (still open, its files locked).
  await db().entities.stepActionTemplate.put({ trackTemplateId: ids.trackTemplate, stepTemplateId: ids.transcriptTemplate, actionTemplateId: 'test-action-transcript', type: 'Approval', name: 'Advisor approval', roleId: systemRoleByName('Advisor').id }).go();
  await db().entities.stepActionInstance.put({ trackInstanceId: ids.trackInstance, stepInstanceId: ids.transcriptStep, actionInstanceId: 'test-action-instance-transcript', actionTemplateId: 'test-action-transcript' }).go();
  const userId = await putTestUser({ firstName: 'Pia', lastName: 'Other', locationId: DEMO_LOCATION_IDS.district1, role: 'Participant' });
  otherParticipant = `${sessionCookieName()}=${(await openSession(userId, { secondFactor: true })).token}`;
});

describe('uploading into a step upload', () => {
  it('grants the participant an upload of the content’s kind, and no one else', async () => {
    expect((await ask('transcript.pdf', 10)).status).toBe(201);
    const wrongKind = await ask('song.mp3', 10);
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toBe(FILE_TYPE_REFUSED('Document'));
    const interviewer = await ask('notes.pdf', 10, INTERVIEWER);
    expect(interviewer.status).toBe(403);
    expect(interviewer.body.message).toBe(NOT_RESPONSIBLE);
    for (const email of [MENTOR, 'other']) {
      const refused = await ask('transcript.pdf', 10, email);
      expect(refused.status, email).toBe(404);
      expect(refused.body.message).toBe(CONTENT_NOT_FOUND);
    }
    const unknown = await file(PARTICIPANT, '/api/file/upload', { method: 'POST', body: { target: { type: 'uploadContent', contentInstanceId: 'no-such-content' }, name: 'a.pdf', size: 1 } });
    expect(unknown.status).toBe(404);
  });

  it('adds the participant’s own confirmed upload on the version read, one file only, and refuses anyone else’s', async () => {
    const first = await uploaded('My transcript (2024).pdf');
    const second = await uploaded('second.pdf');
    const version = await contentVersion();
    const stale = await change({ version: version + 1, addFiles: [{ key: first.key }] });
    expect(stale.status).toBe(409);
    const both = await change({ version, addFiles: [{ key: first.key }, { key: second.key }] });
    expect(both.status, JSON.stringify(both.body)).toBe(400);
    expect(both.body.fieldErrors.addFiles).toEqual([UPLOAD_ONE_FILE]);
    const madeUp = await change({ version, addFiles: [{ key: '01jmadeupkey00000000000000' }] });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.fieldErrors['addFiles.0.key']).toEqual(['Invalid input']);
    const notYours = await change({ version, addFiles: [{ key: first.key }] }, INTERVIEWER);
    expect(notYours.status).toBe(403);
    expect((await change({ version, addFiles: [{ key: first.key }] }, 'other')).status).toBe(403);

    const added = await change({ version, addFiles: [{ key: first.key }] });
    expect(added.status).toBe(200);
    expect(added.body.contents[0]).toMatchObject({ version: version + 1, done: false, upload: { submitted: false, files: [{ key: first.key, name: 'My_transcript__2024_.pdf' }] } });
    // Full: no further grant, and the unused upload can go (its uploader's delete).
    expect((await ask('third.pdf', 5)).status).toBe(400);
    expect((await file(PARTICIPANT, `/api/file/files/${second.key}`, { method: 'DELETE' })).status).toBe(204);
    // The listed file stays until it is taken off the upload.
    const listed = await file(PARTICIPANT, `/api/file/files/${first.key}`, { method: 'DELETE' });
    expect(listed.status).toBe(422);
    expect(listed.body.message).toBe(FILE_IN_UPLOAD);
  });

  it('lets those who may view the content download the file, and hides its name from the others', async () => {
    const key = (await page()).body.contents[0].upload.files[0].key as string;
    for (const email of [PARTICIPANT, ADVISOR, CONFERENCE_ADMIN]) expect((await file(email, `/api/file/files/${key}`)).status, email).toBe(200);
    for (const email of [INTERVIEWER, MENTOR, 'other']) expect((await file(email, `/api/file/files/${key}`)).status, email).toBe(404);
    const interviewerPage = JSON.stringify((await page(INTERVIEWER)).body);
    expect(interviewerPage).not.toContain('My_transcript');
    expect(interviewerPage).not.toContain(key);
  });

  it('submits into the participant’s Documents (private: approved roles only), locks the files, and unsubmits back out', async () => {
    const participant = demoUser(PARTICIPANT);
    const documents = (email: string) => file(email, `/api/file/${participant.id}/associated-files`);
    const submitted = await change({ version: await contentVersion(), submitted: true });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'PendingReview', contents: [{ done: true, upload: { submitted: true } }] });
    const own = await documents(PARTICIPANT);
    expect(own.body.data).toEqual([expect.objectContaining({ name: 'My_transcript__2024_.pdf', stepInstanceId: ids.transcriptStep, stepName: 'Upload your transcript' })]);
    // The conference admin may read the tab but holds no approved role of the private content.
    const admin = await documents(CONFERENCE_ADMIN);
    expect(admin.status).toBe(200);
    expect(JSON.stringify(admin.body)).not.toContain('My_transcript');

    const key = submitted.body.contents[0].upload.files[0].key as string;
    const locked = await change({ version: submitted.body.contents[0].version, removeFileId: submitted.body.contents[0].upload.files[0].id });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(UPLOAD_SUBMITTED);
    expect((await file(PARTICIPANT, `/api/file/upload-instance/${key}`, { method: 'DELETE' })).status).toBe(409);
    expect((await ask('late.pdf', 4)).status).toBe(409);

    const back = await change({ version: submitted.body.contents[0].version, submitted: false });
    expect(back.status).toBe(200);
    expect(back.body.contents[0]).toMatchObject({ done: false, upload: { submitted: false } });
    expect((await documents(PARTICIPANT)).body.data).toEqual([]);
  });

  it('takes a file off by removeFileId: the entry, the record and (through the outbox) the object go', async () => {
    const before = (await page()).body.contents[0];
    const { id, key } = before.upload.files[0];
    expect((await change({ version: before.version, removeFileId: id }, INTERVIEWER)).status).toBe(403);
    const removed = await change({ version: before.version, removeFileId: id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.contents[0].upload.files).toEqual([]);
    expect((await db().entities.uploadedFile.query.byKey({ fileKey: key }).go()).data).toEqual([]);
    expect(await removals(key)).toBe(1);
    const again = await change({ version: removed.body.contents[0].version, removeFileId: id });
    expect(again.status).toBe(400);
  });

  it('DELETE file/upload-instance/{key}: the person responsible takes a listed file off; others cannot', async () => {
    const { key } = await uploaded('again.pdf');
    expect((await change({ version: await contentVersion(), addFiles: [{ key }] })).status).toBe(200);
    expect((await file(MENTOR, `/api/file/upload-instance/${key}`, { method: 'DELETE' })).status).toBe(404);
    expect((await file(INTERVIEWER, `/api/file/upload-instance/${key}`, { method: 'DELETE' })).status).toBe(403);
    expect((await file(PARTICIPANT, '/api/file/upload-instance/01jmadeupkey00000000000000', { method: 'DELETE' })).status).toBe(404);
    expect((await file(PARTICIPANT, `/api/file/upload-instance/${key}`, { method: 'DELETE' })).status).toBe(204);
    expect((await page()).body.contents[0].upload.files).toEqual([]);
    expect(await removals(key)).toBe(1);
    expect((await file(PARTICIPANT, `/api/file/upload-instance/${key}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('step attachments from the step page', () => {
  const KEY = '01jattachment0000000000000';
  beforeAll(async () => {
    await db()
      .entities.stepTemplate.patch({ trackTemplateId: ids.trackTemplate, phaseId: ids.discernmentPhase, stepTemplateId: ids.transcriptTemplate })
      .set({ attachments: [{ fileKey: KEY, name: 'guide.pdf', size: 10, contentType: 'application/pdf' }] })
      .go();
  });
  const link = (email: string, key = KEY) => step(email, `/api/step/step-instance/${ids.transcriptStep}/attachment/${key}`);

  it('serves whoever reads the step instance (participant, assignees, overrides), and no one else', async () => {
    for (const email of [PARTICIPANT, ADVISOR, INTERVIEWER, CONFERENCE_ADMIN]) {
      const res = await link(email);
      expect(res.status, email).toBe(200);
      expect(res.body.name).toBe('guide.pdf');
    }
    for (const email of [MENTOR, 'other']) expect((await link(email)).status, email).toBe(403);
    expect((await link(PARTICIPANT, '01jnotlisted00000000000000')).status).toBe(404);
    expect((await step(PARTICIPANT, `/api/step/step-instance/no-such-step/attachment/${KEY}`)).status).toBe(404);
  });
});

describe('the file getters', () => {
  let key = '';
  beforeAll(async () => {
    key = (await uploaded('getter.pdf')).key;
    expect((await change({ version: await contentVersion(), addFiles: [{ key }] })).status).toBe(200);
  });
  const participantId = () => demoUser(PARTICIPANT).id;

  it('upload-instance(s): the content for those who may view it; private content hidden is 404 or left out', async () => {
    for (const email of [PARTICIPANT, ADVISOR, CONFERENCE_ADMIN]) {
      const res = await file(email, `/api/file/upload-instance/${CONTENT}`);
      expect(res.status, email).toBe(200);
      expect(res.body).toMatchObject({ id: CONTENT, stepInstanceId: ids.transcriptStep, submitted: false, files: [{ key, name: 'getter.pdf' }] });
    }
    for (const email of [INTERVIEWER, MENTOR, 'other']) {
      const res = await file(email, `/api/file/upload-instance/${CONTENT}`);
      expect(res.status, email).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('getter.pdf');
    }
    expect((await file(PARTICIPANT, '/api/file/upload-instance/demo-content-instance-call-story')).status).toBe(404);
    const list = await file(PARTICIPANT, `/api/file/upload-instances/${CONTENT},no-such-content,demo-content-instance-call-story`);
    expect(list.body).toEqual([expect.objectContaining({ id: CONTENT })]);
    const hidden = await file(INTERVIEWER, `/api/file/upload-instances/${CONTENT}`);
    expect(hidden.body).toEqual([]);
    const tooMany = await file(PARTICIPANT, `/api/file/upload-instances/${Array.from({ length: 101 }, (_, i) => `c${i}`).join(',')}`);
    expect(tooMany.status).toBe(400);
  });

  it('file-instances: files by key the caller may read, the others left out', async () => {
    expect((await file(PARTICIPANT, `/api/file/file-instances/${key},01jmadeupkey00000000000000`)).body).toEqual([expect.objectContaining({ key, name: 'getter.pdf', status: 'confirmed' })]);
    expect((await file(ADVISOR, `/api/file/file-instances/${key}`)).body).toHaveLength(1);
    for (const email of [INTERVIEWER, MENTOR, 'other']) expect((await file(email, `/api/file/file-instances/${key}`)).body, email).toEqual([]);
  });

  it('{userId}/files: all of one’s own; others who see the user only what they may read; 404 for who cannot see them', async () => {
    const own = await file(PARTICIPANT, `/api/file/${participantId()}/files`);
    expect(own.status).toBe(200);
    expect(own.body.data.map((f: { key: string }) => f.key)).toContain(key);
    expect((await file(ADVISOR, `/api/file/${participantId()}/files`)).body.data.map((f: { key: string }) => f.key)).toContain(key);
    const interviewer = await file(INTERVIEWER, `/api/file/${participantId()}/files`);
    expect(interviewer.status).toBe(200);
    expect(JSON.stringify(interviewer.body)).not.toContain('getter.pdf');
    expect((await file(PARTICIPANT, `/api/file/${participantId()}/files`, { query: 'limit=1' })).body.data).toHaveLength(1);
    expect((await file('other', `/api/file/${participantId()}/files`)).status).toBe(404);
  });
});
