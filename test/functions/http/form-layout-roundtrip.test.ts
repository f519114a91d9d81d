import fc from 'fast-check';
import { handler } from '../../../functions/http/form/handler';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { builderContent } from '../../web/forms/builder-steps';

const CONFERENCE_ADMIN = 'conference.admin@example.org';

async function call(path: string, options: { method?: string; body?: unknown } = {}) {
  return invoke(handler, path, { ...options, cookie: await cookieFor(CONFERENCE_ADMIN) });
}

beforeAll(async () => {
  await seedDemo();
});

describe('forms: any layout the builder can produce', () => {
  it('round-trips through a save and a load unchanged, as the current form and as its version', { timeout: 120_000 }, async () => {
    const created = await call('/api/form', { method: 'POST', body: {} });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    let version = (created.body as { version: number }).version;
    await fc.assert(
      fc.asyncProperty(builderContent(15), async (content) => {
        const saved = await call(`/api/form/${id}`, { method: 'PATCH', body: { name: 'Round trip', version, ...content } });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        version = saved.body.version;
        const loaded = await call(`/api/form/current-form/${id}`);
        expect({ layout: loaded.body.layout, fields: loaded.body.fields }).toEqual(content);
        const stored = await call(`/api/form/${id}/versions/${loaded.body.currentVersion}`);
        expect({ layout: stored.body.layout, fields: stored.body.fields }).toEqual(content);
      }),
      { numRuns: 15 },
    );
  });
});
