import * as z from 'zod';
import { defineContract } from '../../../shared/api/contract';
import { createServiceHandler } from '../../../functions/lib/http/service-handler';
import { MAX_BODY_BYTES } from '../../../functions/lib/http/body-limit';
import { ConflictError, STALE_VERSION_MESSAGE, StaleVersionError } from '../../../functions/lib/errors';
import { invoke } from '../../support/invoke';

/**
 * The request pipeline's answers to what goes wrong around a route, on a service of its own
 * (public routes: no session, no database): bad JSON, a body too large, a crash, a stale write.
 */
const SECRET = 'table formation-prod key USER#42 at /var/task/index.mjs';
const route = (key: string, body?: z.ZodType) =>
  defineContract({ id: `pipeline.${key}`, service: 'pipeline', method: 'POST', path: `/api/pipeline/${key}`, summary: key, access: 'public', body, response: z.object({ ok: z.boolean() }) });

const pipelineApi = {
  echo: route('echo', z.object({ text: z.string().max(MAX_BODY_BYTES) })),
  crash: route('crash'),
  stale: route('stale'),
  conflict: route('conflict'),
  wrongReply: route('wrongReply'),
};

const handler = createServiceHandler(pipelineApi, {
  echo: async () => ({ ok: true }),
  crash: async () => {
    throw new Error(SECRET);
  },
  stale: async () => {
    throw new StaleVersionError(undefined, 7);
  },
  conflict: async () => {
    throw new ConflictError();
  },
  // The response schema is the allow-list of what leaves: a reply that breaks it is the server's fault.
  wrongReply: async () => ({ ok: SECRET }) as never,
});

const post = (key: string, options: Parameters<typeof invoke>[2] = {}) => invoke(handler, `/api/pipeline/${key}`, { method: 'POST', ...options });
/** A JSON body `{"text":"..."}` of exactly `bytes` bytes, its text made of `unit`. */
const bodyOf = (bytes: number, unit: string) => {
  const frame = Buffer.byteLength('{"text":""}');
  const unitBytes = Buffer.byteLength(unit);
  const text = unit.repeat(Math.floor((bytes - frame) / unitBytes)) + 'x'.repeat((bytes - frame) % unitBytes);
  return JSON.stringify({ text });
};

describe('request pipeline', () => {
  it('answers malformed JSON with 400 and says so', async () => {
    const res = await post('echo', { rawBody: '{"text": "unterminated' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Request body is not valid JSON', fieldErrors: { body: ['Invalid JSON'] } });
  });

  it('answers a body that breaks the contract with 400 and field messages', async () => {
    const res = await post('echo', { body: { text: 42 } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ text: [expect.stringMatching(/string/)] });
  });

  it('reads a body of exactly the limit, and answers one byte more with 413', async () => {
    expect((await post('echo', { rawBody: bodyOf(MAX_BODY_BYTES, 'a') })).status).toBe(200);
    const res = await post('echo', { rawBody: bodyOf(MAX_BODY_BYTES + 1, 'a') });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Payload Too Large' });
  });

  it('measures the limit in bytes, not characters (a text of 3-byte characters under the limit in characters is 413)', async () => {
    const rawBody = bodyOf(MAX_BODY_BYTES + 3, '€');
    expect(rawBody.length).toBeLessThan(MAX_BODY_BYTES);
    expect((await post('echo', { rawBody })).status).toBe(413);
  });

  it('measures a base64-encoded body by its decoded bytes', async () => {
    expect((await post('echo', { binaryBody: Buffer.from(bodyOf(MAX_BODY_BYTES, 'a')) })).status).toBe(200);
    expect((await post('echo', { binaryBody: Buffer.from(bodyOf(MAX_BODY_BYTES + 1, 'a')) })).status).toBe(413);
  });

  it('answers an unexpected error with 500 and nothing about internals', async () => {
    for (const key of ['crash', 'wrongReply']) {
      const res = await post(key);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Internal Server Error' });
      expect(JSON.stringify(res.headers)).not.toMatch(/formation-prod|USER#|index\.mjs|Error:/);
    }
  });

  it('answers a stale version with 409 and its message', async () => {
    for (const key of ['stale', 'conflict']) {
      const res = await post(key);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: STALE_VERSION_MESSAGE });
    }
    expect(STALE_VERSION_MESSAGE).toBe('This item was changed by someone else. Reload it and try again.');
  });

  it('refuses to build a service with a route left unimplemented', () => {
    expect(() => createServiceHandler(pipelineApi, { echo: async () => ({ ok: true }) } as never)).toThrow(/pipeline\.crash/);
  });
});
