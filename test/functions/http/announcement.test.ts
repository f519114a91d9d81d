import { handler } from '../../../functions/http/announcement/handler';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

beforeAll(async () => {
  await seedDemo();
});

describe('GET /api/announcement/announcements', () => {
  it('needs a session', async () => {
    expect((await invoke(handler, '/api/announcement/announcements')).status).toBe(401);
  });

  it('lists the announcements with id and message only', async () => {
    const res = await invoke(handler, '/api/announcement/announcements', { cookie: await cookieFor('mentor@example.org') });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const item of res.body) expect(Object.keys(item).sort()).toEqual(['id', 'message']);
  });
});
