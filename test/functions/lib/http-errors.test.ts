import { handler as role } from '../../../functions/http/role/handler';
import { handler as conference } from '../../../functions/http/conference/handler';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { MAX_BODY_BYTES } from '../../../functions/lib/http/body-limit';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

/** The pipeline's error answers on real routes, as a superadmin (every check passes but the one under test). */
let cookie: string;

beforeAll(async () => {
  await seedDemo();
  cookie = await cookieFor('superadmin@example.org');
});

describe('error answers of real routes', () => {
  it('malformed JSON is a 400 that says so, and nothing is written', async () => {
    const res = await invoke(role, '/api/role', { method: 'POST', cookie, rawBody: '{"name":"Half a role","policies":[' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Request body is not valid JSON', fieldErrors: { body: ['Invalid JSON'] } });
    const found = await invoke(role, '/api/role/quickSearch', { cookie, query: 'where[name]=Half' });
    expect(found.body.count).toBe(0);
  });

  it('a body over the limit is a 413, counted in bytes', async () => {
    const name = '€'.repeat(Math.ceil(MAX_BODY_BYTES / 3));
    const res = await invoke(role, '/api/role', { method: 'POST', cookie, body: { name, policies: [] } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Payload Too Large' });
  });

  it('an id longer than any key is a 400 with its field, not a 500 from the database', async () => {
    const res = await invoke(conference, `/api/conference/${'x'.repeat(2000)}`, { cookie });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ id: ['At most 64 characters.'] });
  });

  it('a stale version is a 409 with its message, and the newer change stays', async () => {
    const id = DEMO_LOCATION_IDS.conference1;
    const read = (await invoke(conference, `/api/conference/${id}`, { cookie })).body;
    const renamed = await invoke(conference, `/api/conference/${id}`, { method: 'PATCH', cookie, body: { version: read.version, name: `${read.name} Renamed` } });
    expect(renamed.status).toBe(200);
    const stale = await invoke(conference, `/api/conference/${id}`, { method: 'PATCH', cookie, body: { version: read.version, name: 'Lost Update' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: 'This item was changed by someone else. Reload it and try again.' });
    expect((await invoke(conference, `/api/conference/${id}`, { cookie })).body.name).toBe(`${read.name} Renamed`);
  });
});
