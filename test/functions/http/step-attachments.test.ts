import { handler as fileHandler } from '../../../functions/http/file/handler';
import { handler as stepHandler } from '../../../functions/http/step/handler';
import { handler as phaseHandler } from '../../../functions/http/phase/handler';
import { handler as trackHandler } from '../../../functions/http/track/handler';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { db } from '../../../functions/db/service';
import { runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { copyStepChunk, readSource } from '../../../functions/core/tracks/design-copy';
import { deliverOutboxItem } from '../../../functions/events/outbox-delivery';
import { describeObject } from '../../../functions/lib/adapters/storage';
import { FILE_ATTACHED } from '../../../functions/core/files/file-targets';
import { STEP_ATTACHMENTS_MAX } from '../../../shared/api/limits';
import { ATTACHMENT_TYPE_REFUSED, UPLOAD_MAX_BYTES } from '../../../shared/files/upload-kinds';
import { STEP_ATTACHMENTS_MESSAGE } from '../../../shared/schemas/step';
import { seedDemo } from '../../support/demo-table';
import { invoke, type Handler } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { openSession } from '../../../functions/core/session/open-session';
import { sessionCookieName } from '../../../functions/lib/http/cookies';

/**
 * A step template's attachments (issue 10): uploaded through the file service for the step's
 * phase, saved with the step's versioned write, shared by key with copies, released through
 * the outbox once no step lists them. Against the run's local S3.
 */
const SUPERADMIN = 'superadmin@example.org';
const DESIGNER = 'conference.admin@example.org';
/** A conference admin of another conference (made in beforeAll). */
const OTHER_CONFERENCE = 'outsider';
let outsiderCookie = '';
const PARTICIPANT = 'participant@example.org';
const task = { type: 'Task', name: 'Reflection', task: { name: 'Write', description: 'One page' } };

async function call(handler: Handler, as: string, path: string, options: { method?: string; body?: unknown } = {}) {
  return invoke(handler, path, { ...options, cookie: as === OTHER_CONFERENCE ? outsiderCookie : await cookieFor(as) });
}
const step = (as: string, path: string, options: { method?: string; body?: unknown } = {}) => call(stepHandler, as, `/api/step/${path}`, options);
const askUpload = (as: string, phaseId: string, name: string, size: number) => call(fileHandler, as, '/api/file/upload', { method: 'POST', body: { target: { type: 'stepAttachment', phaseId }, name, size } });

async function newPhase(as = DESIGNER, conferenceId: string = DEMO_LOCATION_IDS.conference1) {
  const track = await call(trackHandler, as, '/api/track/create-track-template', { method: 'POST', body: { name: 'Attachments', description: 'Steps with files', conferenceId } });
  const phase = await call(phaseHandler, as, '/api/phase/create-phase', { method: 'POST', body: { trackTemplateId: track.body.id, name: 'Only phase' } });
  return { trackId: track.body.id as string, phaseId: phase.body.id as string };
}

/** Ask, post to the bucket (as the browser does) and confirm. */
async function uploaded(as: string, phaseId: string, name: string, content = `%PDF ${name}`) {
  const grant = await askUpload(as, phaseId, name, Buffer.byteLength(content));
  expect(grant.status).toBe(201);
  const form = new FormData();
  for (const [field, value] of Object.entries(grant.body.upload.fields as Record<string, string>)) form.append(field, value);
  form.append('file', new Blob([content]));
  expect((await fetch(grant.body.upload.url, { method: 'POST', body: form })).ok).toBe(true);
  const confirmed = await call(fileHandler, as, `/api/file/files/${grant.body.file.key}/confirm`, { method: 'POST' });
  expect(confirmed.status).toBe(200);
  return confirmed.body as { key: string; name: string; size: number };
}

const createStep = (as: string, phaseId: string, attachments: Array<{ key: string }>) =>
  step(as, 'template/create-step-template', { method: 'POST', body: { phaseId, name: 'With files', contents: [task], attachments } });
const editStep = (as: string, detail: { id: string; version: number }, attachments: Array<{ key: string }>) =>
  step(as, 'update-step-template', { method: 'POST', body: { id: detail.id, version: detail.version, name: 'With files', contents: [task], attachments } });

/** Delivers every pending `releaseFile` item for this key (the outbox worker's job, run here). */
async function deliverReleases(key: string) {
  const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
  const items = data.filter((item) => item.kind === 'releaseFile' && (item.payload as { key: string }).key === key);
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) expect(await deliverOutboxItem(item.outboxId)).toBe('sent');
}
const fileRecord = async (key: string) => (await db().entities.uploadedFile.query.byKey({ fileKey: key }).go()).data[0];

beforeAll(async () => {
  await seedDemo();
  const userId = await putTestUser({ firstName: 'Olga', lastName: 'Outside', locationId: DEMO_LOCATION_IDS.conference2, role: 'ConferenceAdmin' });
  outsiderCookie = `${sessionCookieName()}=${(await openSession(userId, { secondFactor: true })).token}`;
});

describe('uploading for a step', () => {
  it('a designer in scope uploads any document, image or audio file (its kind by the name, with its limit); others are refused', async () => {
    const { phaseId } = await newPhase();
    expect((await askUpload(DESIGNER, phaseId, 'song.mp3', 1000)).body.file).toMatchObject({ kind: 'Audio', name: 'song.mp3' });
    expect((await askUpload(DESIGNER, phaseId, 'my photo.PNG', 1000)).body.file).toMatchObject({ kind: 'Image', name: 'my_photo.PNG' });
    const script = await askUpload(DESIGNER, phaseId, 'run.exe', 10);
    expect(script.status).toBe(400);
    expect(script.body.message).toBe(ATTACHMENT_TYPE_REFUSED);
    expect((await askUpload(DESIGNER, phaseId, 'big.png', UPLOAD_MAX_BYTES.Image + 1)).status).toBe(400);
    // Out of scope: another conference's admin, a participant (no design rights), an unknown phase.
    expect((await askUpload(OTHER_CONFERENCE, phaseId, 'a.pdf', 10)).status).toBe(403);
    expect((await askUpload(PARTICIPANT, phaseId, 'a.pdf', 10)).status).toBe(403);
    expect((await askUpload(DESIGNER, '01jzzzzzzzzzzzzzzzzzzzzzzz', 'a.pdf', 10)).status).toBe(404);
  });
});

describe('saving a step with attachments', () => {
  it('stores the caller’s confirmed files with their stored name and size; readers download them, others do not', async () => {
    const { phaseId } = await newPhase();
    const file = await uploaded(DESIGNER, phaseId, 'Reading list.pdf');
    const created = await createStep(DESIGNER, phaseId, [{ key: file.key }]);
    expect(created.status).toBe(201);
    expect(created.body.attachments).toEqual([{ key: file.key, name: 'Reading_list.pdf', size: file.size, contentType: 'application/pdf' }]);
    expect((await step(DESIGNER, `step-template/${created.body.id}`)).body.attachments).toHaveLength(1);

    const link = await step(DESIGNER, `step-template/${created.body.id}/attachment/${file.key}`);
    expect(link.status).toBe(200);
    expect(link.body.name).toBe('Reading_list.pdf');
    const downloaded = await fetch(link.body.url);
    expect(await downloaded.text()).toBe('%PDF Reading list.pdf');
    expect((await step(OTHER_CONFERENCE, `step-template/${created.body.id}/attachment/${file.key}`)).status).toBe(403);
    expect((await call(fileHandler, OTHER_CONFERENCE, `/api/file/files/${file.key}`)).status).toBe(404);
    expect((await call(fileHandler, SUPERADMIN, `/api/file/files/${file.key}`)).status).toBe(200);
    expect((await step(DESIGNER, `step-template/${created.body.id}/attachment/01jzzzzzzzzzzzzzzzzzzzzzzz`)).status).toBe(404);
  });

  it('refuses a made-up key, someone else’s file, a pending one, one meant for another phase, and more than the bound', async () => {
    const { phaseId } = await newPhase();
    const other = await newPhase();
    const made = await createStep(DESIGNER, phaseId, [{ key: '01jzzzzzzzzzzzzzzzzzzzzzzz' }]);
    expect(made.status).toBe(400);
    expect(made.body.fieldErrors).toEqual({ 'attachments.0.key': ['Invalid input'] });
    const superadmins = await uploaded(SUPERADMIN, phaseId, 'theirs.pdf');
    expect((await createStep(DESIGNER, phaseId, [{ key: superadmins.key }])).status).toBe(400);
    const pending = (await askUpload(DESIGNER, phaseId, 'later.pdf', 5)).body.file;
    expect((await createStep(DESIGNER, phaseId, [{ key: pending.key }])).status).toBe(400);
    const elsewhere = await uploaded(DESIGNER, other.phaseId, 'elsewhere.pdf');
    expect((await createStep(DESIGNER, phaseId, [{ key: elsewhere.key }])).status).toBe(400);
    const tooMany = await createStep(DESIGNER, phaseId, Array.from({ length: STEP_ATTACHMENTS_MAX + 1 }, (_, i) => ({ key: `01jzzzzzzzzzzzzzzzzzzzzz${String(i).padStart(2, '0')}` })));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fieldErrors.attachments).toEqual([STEP_ATTACHMENTS_MESSAGE]);
    const twice = await createStep(DESIGNER, phaseId, [{ key: elsewhere.key }, { key: elsewhere.key }]);
    expect(twice.status).toBe(400);
  });

  it('a removed attachment is released through the outbox: record and object go; the uploader cannot delete it while attached; a stale save is 409', async () => {
    const { phaseId } = await newPhase();
    const kept = await uploaded(DESIGNER, phaseId, 'kept.pdf');
    const dropped = await uploaded(DESIGNER, phaseId, 'dropped.pdf');
    const created = (await createStep(DESIGNER, phaseId, [{ key: kept.key }, { key: dropped.key }])).body;
    const refused = await call(fileHandler, DESIGNER, `/api/file/files/${dropped.key}`, { method: 'DELETE' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(FILE_ATTACHED);

    const edited = await editStep(DESIGNER, created, [{ key: kept.key }]);
    expect(edited.status).toBe(200);
    expect(edited.body.attachments.map((a: { key: string }) => a.key)).toEqual([kept.key]);
    expect((await editStep(DESIGNER, created, [])).status).toBe(409);
    expect(await describeObject(dropped.key)).not.toBeNull();
    await deliverReleases(dropped.key);
    expect(await fileRecord(dropped.key)).toBeUndefined();
    expect(await describeObject(dropped.key)).toBeNull();
    expect(await fileRecord(kept.key)).toBeDefined();
  });
});

describe('releasing', () => {
  it('a reference whose step is gone (a failed copy’s, a deleted track’s) keeps nothing, and goes with the file', async () => {
    const { phaseId } = await newPhase();
    const file = await uploaded(DESIGNER, phaseId, 'orphan.pdf');
    const created = (await createStep(DESIGNER, phaseId, [{ key: file.key }])).body;
    await db().entities.fileReference.put({ fileKey: file.key, holderId: 'gone-step', trackTemplateId: 'gone-track', phaseId: 'gone-phase' }).go();
    expect((await editStep(DESIGNER, created, [])).status).toBe(200);
    await deliverReleases(file.key);
    expect(await fileRecord(file.key)).toBeUndefined();
    expect((await db().entities.fileReference.query.byFile({ fileKey: file.key }).go()).data).toEqual([]);
  });
});

describe('copies share attachments by key', () => {
  it('an imported step keeps the file after its source drops it; deleting the copy’s track then releases it', async () => {
    const source = await newPhase();
    const target = await newPhase();
    const file = await uploaded(DESIGNER, source.phaseId, 'shared.pdf');
    const original = (await createStep(DESIGNER, source.phaseId, [{ key: file.key }])).body;
    const imported = await step(DESIGNER, 'create-step-template-from-import', { method: 'POST', body: { phase: target.phaseId, step: original.id } });
    expect(imported.status).toBe(201);
    expect(imported.body.attachments).toEqual(original.attachments);

    expect((await editStep(DESIGNER, original, [])).status).toBe(200);
    await deliverReleases(file.key);
    expect(await fileRecord(file.key)).toBeDefined();
    const link = await step(DESIGNER, `step-template/${imported.body.id}/attachment/${file.key}`);
    expect(await (await fetch(link.body.url)).text()).toBe('%PDF shared.pdf');

    const removal = await call(trackHandler, DESIGNER, `/api/track/delete-track/${target.trackId}`, { method: 'POST' });
    expect(removal.status).toBe(202);
    expect((await runJobToEnd(removal.body.jobId, jobKinds))?.status).toBe('succeeded');
    await deliverReleases(file.key);
    expect(await fileRecord(file.key)).toBeUndefined();
    expect(await describeObject(file.key)).toBeNull();
  });

  it('a copy planned before its source dropped a file fails that step’s write instead of listing a released file', async () => {
    const { trackId, phaseId } = await newPhase();
    const file = await uploaded(DESIGNER, phaseId, 'raced.pdf');
    const original = (await createStep(DESIGNER, phaseId, [{ key: file.key }])).body;
    const source = await readSource(trackId);
    expect((await editStep(DESIGNER, original, [])).status).toBe(200);
    const job = { jobId: 'race-job', createdAt: new Date().toISOString() };
    await expect(copyStepChunk(job, source!, 'race-target')).rejects.toThrow();
    expect((await db().entities.stepTemplate.query.byTrack({ trackTemplateId: 'race-target' }).go()).data).toEqual([]);
    // Retried from the source as it is now, the copy lists nothing.
    await copyStepChunk(job, (await readSource(trackId))!, 'race-target');
    expect((await db().entities.stepTemplate.query.byTrack({ trackTemplateId: 'race-target' }).go()).data[0].attachments).toEqual([]);
  });

  it('Copy from Existing carries a system step’s attachments to the copy, readable by the copy’s designers', async () => {
    const system = await newPhase(SUPERADMIN, '0');
    const file = await uploaded(SUPERADMIN, system.phaseId, 'handbook.docx');
    const original = (await createStep(SUPERADMIN, system.phaseId, [{ key: file.key }])).body;
    const started = await call(trackHandler, DESIGNER, `/api/track/copy-track/${system.trackId}/${DEMO_LOCATION_IDS.conference1}`, { method: 'POST', body: { name: 'Copied with files', description: 'A copy' } });
    expect(started.status).toBe(202);
    const job = await runJobToEnd(started.body.jobId, jobKinds);
    expect(job?.status).toBe('succeeded');
    const trackTemplateId = (job!.result as { trackTemplateId: string }).trackTemplateId;
    const outline = await call(trackHandler, DESIGNER, `/api/track/track-template/${trackTemplateId}`);
    const copyId = outline.body.phases[0].steps[0].id as string;
    const copy = await step(DESIGNER, `step-template/${copyId}`);
    expect(copy.body.attachments).toEqual(original.attachments);
    expect((await step(DESIGNER, `step-template/${copyId}/attachment/${file.key}`)).status).toBe(200);
    const { data: references } = await db().entities.fileReference.query.byFile({ fileKey: file.key }).go();
    expect(references.map((reference) => reference.holderId).sort()).toEqual([original.id, copyId].sort());
  });
});
