import { handler as fileHandler } from '../../../functions/http/file/handler';
import { handler as formHandler } from '../../../functions/http/form/handler';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo-organisation';
import { openSession } from '../../../functions/core/session/open-session';
import { sessionCookieName } from '../../../functions/lib/http/cookies';
import { PENDING_UPLOAD_PREFIX } from '../../../shared/files/pending-uploads';
import { FILE_IN_SAVED_ANSWERS, FILE_NOT_FOUND, UPLOAD_NOT_ARRIVED } from '../../../shared/files/stored-files';
import { db } from '../../../functions/db/service';
import { deliverOutboxItem } from '../../../functions/events/outbox-delivery';
import { describeObject } from '../../../functions/lib/adapters/storage';
import { FILE_TOO_LARGE, FILE_TYPE_REFUSED, UPLOAD_MAX_BYTES } from '../../../shared/files/upload-kinds';
import { SUBMITTED_FORM_LOCKED } from '../../../functions/core/step-work/form-instances';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/**
 * The file service against the run's real local S3 (s3rver, started by the integration set-up
 * as `npm start` starts it): upload grants, the browser's POST, confirmation, download links,
 * and the form answers that reference files. Every rule from both sides.
 */
const PARTICIPANT = 'participant@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const INSTANCE = DEMO_INSTANCE_IDS.questionnaireForm;
const FIELD = 'reference';
const ANSWERS = { 'legal-name': 'Pat Participant', 'birth-date': '1990-04-02', call: 'A long story.', confirm: true };

let outsider = '';

async function as(email: string) {
  return email === 'outsider' ? outsider : cookieFor(email);
}
async function file(email: string, path: string, options: { method?: string; body?: unknown } = {}) {
  return invoke(fileHandler, path, { ...options, cookie: await as(email) });
}
const ask = (body: unknown, email = PARTICIPANT) => file(email, '/api/file/upload', { method: 'POST', body });
const confirm = (key: string, email = PARTICIPANT) => file(email, `/api/file/files/${key}/confirm`, { method: 'POST' });
const download = (key: string, email = PARTICIPANT) => file(email, `/api/file/files/${key}`);
const remove = (key: string, email = PARTICIPANT) => file(email, `/api/file/files/${key}`, { method: 'DELETE' });

/** Delivers the pending outbox item that removes this key's object (the worker's job, run here). */
async function deliverRemoval(key: string) {
  const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
  const items = data.filter((item) => item.kind === 'removeObject' && (item.payload as { key: string }).key === key);
  expect(items).toHaveLength(1);
  expect(await deliverOutboxItem(items[0].outboxId)).toBe('sent');
  expect(await deliverOutboxItem(items[0].outboxId)).toBe('handled');
}
const target = (fieldId = FIELD) => ({ type: 'formField', formInstanceId: INSTANCE, fieldId });

/** What the browser does with a grant: a multipart POST of the fields, then the file. */
async function post(grant: { upload: { url: string; fields: Record<string, string> } }, content: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.upload.fields)) form.append(name, value);
  form.append('file', new Blob([content]));
  return fetch(grant.upload.url, { method: 'POST', body: form });
}

async function uploaded(name: string, content: string) {
  const grant = await ask({ target: target(), name, size: Buffer.byteLength(content) });
  expect(grant.status).toBe(201);
  expect((await post(grant.body, content)).ok).toBe(true);
  expect((await confirm(grant.body.file.key)).status).toBe(200);
  return grant.body.file as { key: string; name: string };
}

async function saveAnswers(data: unknown, version: number) {
  return invoke(formHandler, `/api/form/form-instance/${INSTANCE}`, { method: 'PATCH', body: { data, submitted: false, version }, cookie: await cookieFor(PARTICIPANT) });
}

beforeAll(async () => {
  await seedDemo();
  // A conference admin of another conference: cannot see the demo participant.
  const userId = await putTestUser({ firstName: 'Olga', lastName: 'Outside', locationId: DEMO_LOCATION_IDS.conference2, role: 'ConferenceAdmin' });
  outsider = `${sessionCookieName()}=${(await openSession(userId, { secondFactor: true })).token}`;
});

describe('upload grants', () => {
  it('the participant gets a POST limited to a server-made key, the kind’s content type and the size; the name follows SPEC’s rule', async () => {
    const res = await ask({ target: target(), name: 'My letter (final).pdf', size: 1234 });
    expect(res.status).toBe(201);
    expect(res.body.file).toMatchObject({ name: 'My_letter__final_.pdf', kind: 'Document', contentType: 'application/pdf', size: 1234, status: 'pending' });
    expect(res.body.file.key).toMatch(/^[0-9a-z]{26}$/);
    expect(res.body.upload.fields).toMatchObject({ key: `${PENDING_UPLOAD_PREFIX}${res.body.file.key}`, 'Content-Type': 'application/pdf' });
    expect(res.body.maxBytes).toBe(UPLOAD_MAX_BYTES.Document);
  });

  it('refuses a name of another kind and a file over the kind’s limit with the messages', async () => {
    const wrongKind = await ask({ target: target(), name: 'song.mp3', size: 10 });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.fieldErrors).toEqual({ name: [FILE_TYPE_REFUSED('Document')] });
    const tooBig = await ask({ target: target(), name: 'big.pdf', size: UPLOAD_MAX_BYTES.Document + 1 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.fieldErrors).toEqual({ size: [FILE_TOO_LARGE('Document')] });
  });

  it('only into a File field of the instance’s own version, and only by its participant', async () => {
    expect((await ask({ target: target('legal-name'), name: 'a.pdf', size: 1 })).status).toBe(400);
    expect((await ask({ target: target('no-such-field'), name: 'a.pdf', size: 1 })).status).toBe(400);
    // Someone who may read the instance still may not add files to the participant's answers.
    const admin = await ask({ target: target(), name: 'a.pdf', size: 1 }, CONFERENCE_ADMIN);
    expect(admin.status).toBe(404);
    expect((await ask({ target: target(), name: 'a.pdf', size: 1 }, 'outsider')).status).toBe(404);
  });
});

describe('confirming and downloading', () => {
  it('a confirmed upload downloads for the participant and those who see them, under its name; others get 404', async () => {
    const stored = await uploaded('letter.pdf', '%PDF-1.4 a letter');
    const own = await download(stored.key);
    expect(own.status).toBe(200);
    expect(own.body.name).toBe('letter.pdf');
    const fetched = await fetch(own.body.url);
    expect(await fetched.text()).toBe('%PDF-1.4 a letter');
    expect(fetched.headers.get('content-disposition')).toContain('letter.pdf');
    expect((await download(stored.key, CONFERENCE_ADMIN)).status).toBe(200);
    const denied = await download(stored.key, 'outsider');
    expect(denied.status).toBe(404);
    expect(denied.body.message).toBe(FILE_NOT_FOUND);
    expect(JSON.stringify(denied.body)).not.toContain('letter');
    // Confirming again changes nothing.
    expect((await confirm(stored.key)).body).toMatchObject({ status: 'confirmed', size: 17 });
  });

  it('a pending upload is only its uploader’s; nobody else confirms it', async () => {
    const grant = await ask({ target: target(), name: 'pending.pdf', size: 5 });
    expect((await download(grant.body.file.key, CONFERENCE_ADMIN)).status).toBe(404);
    expect((await confirm(grant.body.file.key, CONFERENCE_ADMIN)).status).toBe(404);
    const early = await confirm(grant.body.file.key);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(UPLOAD_NOT_ARRIVED);
  });

  it('an object bigger than granted is refused at confirmation and removed', async () => {
    const grant = await ask({ target: target(), name: 'short.pdf', size: 3 });
    expect((await post(grant.body, 'much more than three bytes')).ok).toBe(true);
    const refused = await confirm(grant.body.file.key);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(FILE_TOO_LARGE('Document'));
    expect((await confirm(grant.body.file.key)).body.message).toBe(UPLOAD_NOT_ARRIVED);
  });

  it('keys that are not the server’s shape are a 400, unknown ones a 404', async () => {
    expect((await download('NOT..a-key')).status).toBe(400);
    expect((await download('01jzzzzzzzzzzzzzzzzzzzzzzz')).status).toBe(404);
  });
});

describe('file answers in a form instance', () => {
  it('references only the participant’s confirmed files of that field, with the stored name; then submitted locks uploads', async () => {
    const stored = await uploaded('reference.pdf', '%PDF reference');
    const pending = (await ask({ target: target(), name: 'later.pdf', size: 4 })).body.file;
    const unconfirmed = await saveAnswers({ ...ANSWERS, reference: [{ key: pending.key, name: 'later.pdf' }] }, 1);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.fieldErrors).toEqual({ 'data.reference.0': ['Invalid input'] });
    const unknown = await saveAnswers({ ...ANSWERS, reference: [{ key: '01jzzzzzzzzzzzzzzzzzzzzzzz', name: 'x.pdf' }] }, 1);
    expect(unknown.status).toBe(400);
    const two = await saveAnswers({ ...ANSWERS, reference: [stored, stored] }, 1);
    expect(two.status).toBe(400); // not a multiple field

    const saved = await saveAnswers({ ...ANSWERS, reference: [{ key: stored.key, name: 'renamed-by-client.exe' }] }, 1);
    expect(saved.status).toBe(200);
    expect(saved.body.data.reference).toEqual([{ key: stored.key, name: 'reference.pdf' }]);

    const submit = await invoke(formHandler, `/api/form/form-instance/${INSTANCE}`, { method: 'PATCH', body: { data: saved.body.data, submitted: true, version: saved.body.version }, cookie: await cookieFor(PARTICIPANT) });
    expect(submit.status).toBe(200);
    const locked = await ask({ target: target(), name: 'late.pdf', size: 4 });
    expect(locked.status).toBe(422);
    expect(locked.body.message).toBe(SUBMITTED_FORM_LOCKED);
  });
});

describe('deleting a file', () => {
  // The instance was submitted above: back to editing, so uploads are allowed again.
  beforeAll(async () => {
    expect((await invoke(formHandler, `/api/form/forms/unsubmit/${INSTANCE}`, { method: 'PATCH', cookie: await cookieFor(CONFERENCE_ADMIN) })).status).toBe(200);
  });

  it('only its uploader deletes it (others: 404); the record goes at once and the object once, through the outbox', async () => {
    const stored = await uploaded('draft.pdf', '%PDF draft');
    expect((await remove(stored.key, CONFERENCE_ADMIN)).status).toBe(404);
    expect((await remove(stored.key, 'outsider')).status).toBe(404);
    expect((await remove(stored.key)).status).toBe(204);
    expect((await download(stored.key)).status).toBe(404);
    expect((await remove(stored.key)).status).toBe(404);
    // Confirmed: moved out of the pending prefix (which the lifecycle rule expires) to its key.
    expect(await describeObject(stored.key)).not.toBeNull();
    expect(await describeObject(`${PENDING_UPLOAD_PREFIX}${stored.key}`)).toBeNull();
    await deliverRemoval(stored.key);
    expect(await describeObject(stored.key)).toBeNull();
  });

  it('not while saved answers reference it; once the answers drop it, it can go', async () => {
    const version = (await invoke(formHandler, `/api/form/form-instance/${INSTANCE}`, { cookie: await cookieFor(PARTICIPANT) })).body.version as number;
    const stored = await uploaded('kept.pdf', '%PDF kept');
    const saved = await saveAnswers({ ...ANSWERS, reference: [stored] }, version);
    expect(saved.status).toBe(200);
    const refused = await remove(stored.key);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(FILE_IN_SAVED_ANSWERS);
    expect((await download(stored.key)).status).toBe(200);

    expect((await saveAnswers({ ...ANSWERS, reference: [] }, saved.body.version)).status).toBe(200);
    expect((await remove(stored.key)).status).toBe(204);
    await deliverRemoval(stored.key);
  });
});
