import { DEMO_INSTANCE_IDS } from '../../functions/db/seed/demo-tracks';
import type { UploadGrant } from '../../shared/api/file';
import { AS, demoUserId } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { freshEnrolments, removeFresh, stepPage, type Enrolment } from './enrolment-fixtures';
import { forEachConcurrently } from './fixtures';

/**
 * Cases for the file routes, as the demo participant on their questionnaire's File field.
 * Each grant leaves a pending record (deleted by its TTL); confirmations need uploaded
 * objects, so they are prepared through the local S3 first.
 */
const WRITE_CALLS = 30;
const upload = { target: { type: 'formField', formInstanceId: DEMO_INSTANCE_IDS.questionnaireForm, fieldId: 'reference' }, name: 'bench.pdf', size: 8 };

/** Asks for a grant and posts the object to it, as the browser does. */
async function uploadOne(ctx: BenchContext, as: string, request: unknown): Promise<string> {
  const grant = await ctx.api<UploadGrant>(as, 'POST', '/api/file/upload', request);
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.upload.fields)) form.append(name, value);
  form.append('file', new Blob(['%PDF0001']));
  const posted = await fetch(grant.upload.url, { method: 'POST', body: form });
  if (!posted.ok) throw new Error(`Upload to the local S3 failed: ${posted.status}`);
  return grant.file.key;
}

async function uploadedKeys(ctx: BenchContext, calls: number): Promise<string[]> {
  const keys: string[] = [];
  for (let call = 0; call < calls; call += 1) keys.push(await uploadOne(ctx, AS.participant, upload));
  return keys;
}

async function confirmedKeys(ctx: BenchContext, calls: number): Promise<string[]> {
  const keys = await uploadedKeys(ctx, calls);
  await forEachConcurrently(keys, (key) => ctx.api(AS.participant, 'POST', `/api/file/files/${key}/confirm`));
  return keys;
}

/**
 * Fresh enrolments (enrolment-fixtures.ts), each with one file on its transcript upload: uploaded,
 * confirmed and added by the conference admin (a track override, so responsible for the upload).
 */
async function listedUploads(ctx: BenchContext, calls: number): Promise<{ enrolments: Enrolment[]; keys: string[] }> {
  const enrolments = await freshEnrolments(ctx, calls);
  const keys = new Map<string, string>();
  await forEachConcurrently(enrolments, async (enrolment) => {
    const [content] = (await stepPage(ctx, enrolment.steps[DEMO_INSTANCE_IDS.transcriptTemplate])).contents;
    const key = await uploadOne(ctx, AS.conferenceAdmin, { target: { type: 'uploadContent', contentInstanceId: content.id }, name: 'transcript.pdf', size: 8 });
    await ctx.api(AS.conferenceAdmin, 'POST', `/api/file/files/${key}/confirm`);
    await ctx.api(AS.conferenceAdmin, 'PATCH', `/api/step/instance/content/${content.id}`, { instanceType: 'Upload', version: content.version, addFiles: [{ key }] });
    keys.set(enrolment.trackInstanceId, key);
  });
  return { enrolments, keys: enrolments.map((enrolment) => keys.get(enrolment.trackInstanceId)!) };
}

const TRANSCRIPT = 'demo-content-instance-transcript';

export const FILE_CASES: Record<string, BenchCase> = {
  'file.requestUpload': { as: AS.participant, method: 'POST', path: '/api/file/upload', body: upload, calls: WRITE_CALLS },
  'file.confirmUpload': benchCase<string[]>({
    as: AS.participant,
    method: 'POST',
    path: '/api/file/files',
    calls: WRITE_CALLS,
    prepare: uploadedKeys,
    each: (call, keys) => ({ path: `/api/file/files/${keys[call]}/confirm` }),
  }),
  'file.download': benchCase<string>({
    as: AS.conferenceAdmin,
    path: '/api/file/files',
    singleItem: true,
    prepare: async (ctx) => (await confirmedKeys(ctx, 1))[0],
    each: (_call, key) => ({ path: `/api/file/files/${key}` }),
  }),
  // The participant deletes confirmed files of their own that no saved answer names.
  'file.remove': benchCase<string[]>({
    as: AS.participant,
    path: '/api/file/files',
    calls: WRITE_CALLS,
    prepare: confirmedKeys,
    each: (call, keys) => ({ path: `/api/file/files/${keys[call]}` }),
    singleItem: true,
  }),
  'file.removeFromUpload': benchCase<{ enrolments: Enrolment[]; keys: string[] }>({
    as: AS.conferenceAdmin,
    path: '/api/file/upload-instance',
    calls: WRITE_CALLS,
    prepare: listedUploads,
    each: (call, made) => ({ path: `/api/file/upload-instance/${made.keys[call]}` }),
    cleanUp: (ctx, made) => removeFresh(ctx, made.enrolments),
    singleItem: true,
  }),
  'file.userFiles': { as: AS.conferenceAdmin, path: `/api/file/${demoUserId(AS.participant)}/files`, query: 'limit=10&offset=0' },
  'file.fileInstances': benchCase<string[]>({
    as: AS.participant,
    path: '/api/file/file-instances',
    prepare: (ctx) => confirmedKeys(ctx, 2),
    each: (_call, keys) => ({ path: `/api/file/file-instances/${keys.join(',')}` }),
  }),
  'file.uploadInstance': { as: AS.participant, path: `/api/file/upload-instance/${TRANSCRIPT}`, singleItem: true },
  'file.uploadInstances': { as: AS.participant, path: `/api/file/upload-instances/${TRANSCRIPT},demo-content-instance-call-story` },
};
