import { DEMO_INSTANCE_IDS } from '../../functions/db/seed/demo-tracks';
import type { UploadGrant } from '../../shared/api/file';
import { AS } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';

/**
 * Cases for the file routes, as the demo participant on their questionnaire's File field.
 * Each grant leaves a pending record (deleted by its TTL); confirmations need uploaded
 * objects, so they are prepared through the local S3 first.
 */
const WRITE_CALLS = 30;
const upload = { target: { type: 'formField', formInstanceId: DEMO_INSTANCE_IDS.questionnaireForm, fieldId: 'reference' }, name: 'bench.pdf', size: 8 };

/** Asks for a grant and posts the object to it, as the browser does. */
async function uploadedKeys(ctx: BenchContext, calls: number): Promise<string[]> {
  const keys: string[] = [];
  for (let call = 0; call < calls; call += 1) {
    const grant = await ctx.api<UploadGrant>(AS.participant, 'POST', '/api/file/upload', upload);
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.upload.fields)) form.append(name, value);
    form.append('file', new Blob(['%PDF0001']));
    const posted = await fetch(grant.upload.url, { method: 'POST', body: form });
    if (!posted.ok) throw new Error(`Upload to the local S3 failed: ${posted.status}`);
    keys.push(grant.file.key);
  }
  return keys;
}

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
    prepare: async (ctx) => {
      const [key] = await uploadedKeys(ctx, 1);
      await ctx.api(AS.participant, 'POST', `/api/file/files/${key}/confirm`);
      return key;
    },
    each: (_call, key) => ({ path: `/api/file/files/${key}` }),
  }),
};
