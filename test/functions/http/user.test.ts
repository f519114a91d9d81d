import { handler } from '../../../functions/http/user/handler';
import { handler as security } from '../../../functions/http/security/handler';
import { buildAbility } from '../../../shared/auth/ability';
import { seedDemo } from '../../support/demo-table';
import { db } from '../../../functions/db/service';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';

beforeAll(async () => {
  process.env.OIDC_LOGOUT_URL = 'http://localhost:3000/oidc/session/end';
  await seedDemo();
});

describe('GET /api/user/user', () => {
  it('answers 401 without a session and with a forged or malformed cookie', async () => {
    expect((await invoke(handler, '/api/user/user')).status).toBe(401);
    const forged = `fm_session=${demoUser('superadmin@example.org').id}.${'x'.repeat(43)}`;
    expect((await invoke(handler, '/api/user/user', { cookie: forged })).status).toBe(401);
    expect((await invoke(handler, '/api/user/user', { cookie: 'fm_session=%%%' })).status).toBe(401);
  });

  it('returns the signed-in user with their roles and no internal attributes', async () => {
    const res = await invoke(handler, '/api/user/user', { cookie: await cookieFor('participant@example.org') });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('participant@example.org');
    expect(res.body.roles.map((r: { name: string }) => r.name)).toEqual(['Participant']);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|__edb|pk|gsi/);
  });

  it('ends the session at once on logout', async () => {
    const cookie = await cookieFor('advisor@example.org');
    expect((await invoke(handler, '/api/user/user', { cookie })).status).toBe(200);
    const out = await invoke(security, '/api/security/logout', { cookie });
    expect(out.status).toBe(200);
    expect(out.body.url).toContain('/oidc/session/end');
    expect(out.cookies[0]).toMatch(/^fm_session=;.*Max-Age=0/);
    expect((await invoke(handler, '/api/user/user', { cookie })).status).toBe(401);
  });

  it('refuses a deactivated user even with a live session', async () => {
    const cookie = await cookieFor('interviewer@example.org');
    await db().entities.user.patch({ userId: demoUser('interviewer@example.org').id }).set({ inactive: true }).go();
    expect((await invoke(handler, '/api/user/user', { cookie })).status).toBe(401);
    await db().entities.user.patch({ userId: demoUser('interviewer@example.org').id }).set({ inactive: false }).go();
  });
});

describe('GET /api/user/abilities', () => {
  it('gives a participant no Users, Forms or Admin abilities', async () => {
    const res = await invoke(handler, '/api/user/abilities', { cookie: await cookieFor('participant@example.org') });
    expect(res.status).toBe(200);
    const ability = buildAbility(res.body);
    expect(ability.can('update', 'Conference')).toBe(false);
    expect(ability.can('create', 'FormTemplate')).toBe(false);
    expect(ability.can('create', 'Role')).toBe(false);
  });

  it('gives a superadmin everything', async () => {
    const res = await invoke(handler, '/api/user/abilities', { cookie: await cookieFor('superadmin@example.org') });
    const ability = buildAbility(res.body);
    expect(ability.can('update', 'Conference')).toBe(true);
    expect(ability.can('create', 'FormTemplate')).toBe(true);
    expect(ability.can('delete', 'Role')).toBe(true);
  });

  it('gives a conference admin the Users and Admin links', async () => {
    const res = await invoke(handler, '/api/user/abilities', { cookie: await cookieFor('conference.admin@example.org') });
    expect(buildAbility(res.body).can('update', 'Conference')).toBe(true);
  });
});
