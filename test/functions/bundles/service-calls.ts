import { expect } from 'vitest';
import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS as locations } from '../../../functions/db/seed/demo-organisation';
import { demoUserByRole } from '../../../functions/db/seed/demo-people';
import { DEMO_INSTANCE_IDS as demo } from '../../../functions/db/seed/demo-tracks';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { putTestUser } from '../../support/test-users';
import type { BundleApi } from './bundle-api';
import { AS } from '../../../bin/bench/accounts';

/**
 * At least one read and one write per HTTP service, each served by the service's built bundle.
 * Where a service has no route of a kind, it says so: `app` and `job` only read (the job's write
 * is the notification publish that starts it), `communication` only writes (its other routes are
 * SNS webhooks: an unsigned message is refused, which the bundle answers all the same).
 * Calls of later services use what earlier ones made (the file runs the services in this order).
 */
export interface Made {
  jobId?: string;
  trackId?: string;
}

type ServiceCalls = (api: BundleApi, made: Made) => Promise<void>;

/** The demo accounts, one per role (the benchmark's list: one list of who calls as whom). */
const as = AS;
const participantId = demoUserByRole('Participant').id;
const stamp = Date.now().toString(36);

/** A location set's read and write (shared/api/location-set.ts): read a demo one, create one under `parentId`, read it back. */
function locationCalls(service: string, sampleId: string, parentId?: string): ServiceCalls {
  return async (api) => {
    const sample = await api.expect(200, { as: as.superadmin, path: `/api/${service}/${sampleId}` });
    expect(sample.id).toBe(sampleId);
    const name = `Node 22 ${service} ${stamp}`;
    const created = await api.expect(201, { as: as.superadmin, path: `/api/${service}`, body: { name, ...(parentId ? { parentId } : {}) } });
    const readBack = await api.expect(200, { as: as.superadmin, path: `/api/${service}/${created.id}` });
    expect(readBack.name).toBe(name);
  };
}

export const SERVICE_CALLS: Record<string, ServiceCalls> = {
  app: async (api) => {
    expect(await api.expect(200, { path: '/api/app/health' })).toMatchObject({ status: 'ok' });
    await api.expect(200, { path: '/api/app/settings' });
    // A caller that skipped CloudFront (no origin secret) is refused before any route runs.
    await api.expect(403, { path: '/api/app/health', direct: true });
  },
  security: async (api) => {
    expect(await api.expect(200, { as: as.participant, path: '/api/security/mfa' })).toMatchObject({ secondFactor: expect.any(Boolean) });
    // Setting up an authenticator app keeps its secret on the account (the local identity adapter's
    // item); a wrong code is refused. Sign-out is left out: it calls the identity provider.
    const setup = await api.expect(200, { as: as.mentor, method: 'POST', path: '/api/security/mfa/setup' });
    expect(setup.uri).toMatch(/^otpauth:\/\//);
    await api.expect(400, { as: as.mentor, path: '/api/security/mfa/verify', body: { code: '000000' } });
  },
  user: async (api) => {
    const me = await api.expect(200, { as: as.participant, path: '/api/user/user' });
    expect(me.id).toBe(participantId);
    const alias = `Node22 ${stamp}`;
    await api.expect(201, { as: as.conferenceAdmin, method: 'POST', path: `/api/user/${participantId}/alias/${encodeURIComponent(alias)}` });
    const aliases = await api.expect(200, { as: as.conferenceAdmin, path: `/api/user/${participantId}/alias` });
    expect(JSON.stringify(aliases)).toContain(alias);
  },
  notification: async (api, made) => {
    await api.expect(200, { as: as.participant, path: '/api/notification/unread-count' });
    // To a role nobody holds in the district: the job it starts notifies nobody.
    const started = await api.expect(202, {
      as: as.conferenceAdmin,
      path: '/api/notification/publish',
      body: { message: `Node 22 ${stamp}`, locationId: locations.district1, roleId: systemRoleByName('Bishop').id },
    });
    made.jobId = started.jobId;
  },
  announcement: async (api) => {
    await api.expect(200, { as: as.participant, path: '/api/announcement/announcements' });
    const startsAt = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const created = await api.expect(201, { as: as.conferenceAdmin, path: '/api/announcement', body: { title: `Node 22 ${stamp}`, message: `Node 22 ${stamp}`, conferenceId: locations.conference1, startsAt } });
    expect(created.id).toEqual(expect.any(String));
  },
  jurisdiction: locationCalls('jurisdiction', locations.jurisdiction1),
  'episcopal-area': locationCalls('episcopal-area', locations.episcopalArea1, locations.jurisdiction1),
  conference: locationCalls('conference', locations.conference1, locations.episcopalArea1),
  district: locationCalls('district', locations.district1, locations.conference2),
  church: locationCalls('church', locations.church1, locations.district3),
  role: async (api) => {
    const system = await api.expect(200, { as: as.participant, path: '/api/role/system' });
    expect(JSON.stringify(system)).toContain('Participant');
    const created = await api.expect(201, { as: as.superadmin, path: '/api/role', body: { name: `Node 22 ${stamp}`, policies: [{ actions: ['read'], subjects: ['Church'] }] } });
    expect(created.id).toEqual(expect.any(String));
  },
  job: async (api, made) => {
    expect(made.jobId, 'the notification publish starts the job read here').toBeDefined();
    const job = await api.expect(200, { as: as.conferenceAdmin, path: `/api/job/${made.jobId}` });
    expect(job.id).toBe(made.jobId);
  },
  track: async (api, made) => {
    const track = await api.expect(200, { as: as.conferenceAdmin, path: `/api/track/track-template/${demo.trackTemplate}` });
    expect(track.id).toBe(demo.trackTemplate);
    const created = await api.expect(201, {
      as: as.conferenceAdmin,
      path: '/api/track/create-track-template',
      body: { name: `Node 22 ${stamp}`, description: 'Made by the Node 22 bundle test', conferenceId: locations.conference1 },
    });
    made.trackId = created.id;
  },
  phase: async (api, made) => {
    const phases = await api.expect(200, { as: as.participant, path: `/api/phase/get-phases/track-template/${demo.trackTemplate}` });
    expect(JSON.stringify(phases)).toContain(demo.discernmentPhase);
    expect(made.trackId, 'the track write makes the track this phase goes in').toBeDefined();
    const created = await api.expect(201, { as: as.conferenceAdmin, path: '/api/phase/create-phase', body: { trackTemplateId: made.trackId, name: 'Node 22 phase' } });
    expect(created.id).toEqual(expect.any(String));
  },
  step: async (api) => {
    const step = await api.expect(200, { as: as.participant, path: `/api/step/step-instance/${demo.callStoryStep}` });
    const [task] = step.contents;
    // The conference admin (a track override) may tick or untick every content item.
    const changed = await api.expect(200, {
      as: as.conferenceAdmin,
      method: 'PATCH',
      path: `/api/step/instance/content/${task.id}`,
      body: { instanceType: 'Task', version: task.version, completed: !task.completed },
    });
    expect(JSON.stringify(changed)).toContain(task.id);
  },
  form: async (api) => {
    await api.expect(200, { as: as.conferenceAdmin, path: '/api/form', query: 'limit=10&offset=0' });
    const created = await api.expect(201, { as: as.conferenceAdmin, path: '/api/form', body: {} });
    expect(created.id).toEqual(expect.any(String));
  },
  admin: async (api) => {
    await api.expect(200, { as: as.advisor, path: '/api/admin/track-admin' });
    const created = await api.expect(201, {
      as: as.conferenceAdmin,
      path: '/api/admin/sign-up-user',
      body: { firstName: 'Node', lastName: `Twentytwo ${stamp}`, email: `node22.${stamp}@example.org`, districtLocation: locations.district1 },
    });
    expect(created.id).toEqual(expect.any(String));
  },
  file: async (api) => {
    await api.expect(200, { as: as.conferenceAdmin, path: `/api/file/${participantId}/files`, query: 'limit=10&offset=0' });
    const grant = await api.expect(201, {
      as: as.participant,
      path: '/api/file/upload',
      body: { target: { type: 'formField', formInstanceId: demo.questionnaireForm, fieldId: 'reference' }, name: 'node22.pdf', size: 8 },
    });
    expect(grant.upload.url).toEqual(expect.any(String));
  },
  communication: async (api) => {
    const userId = await putTestUser({ firstName: 'Node', lastName: 'Phone', locationId: locations.district1 });
    await db().entities.user.patch({ userId }).set({ phoneNumber: '555-010-2222' }).go();
    const sent = await api.expect(200, { as: as.districtAdmin, path: `/api/communication/${userId}/trigger-sms-verification`, method: 'POST' });
    expect(sent).toEqual({ sentTo: '555-010-2222' });
    await api.expect(403, { path: '/api/communication/bounce', rawBody: { text: '{"Type":"Notification"}', contentType: 'text/plain; charset=UTF-8' } });
  },
  'user-group': async (api) => {
    await api.expect(200, { as: as.conferenceAdmin, path: '/api/user-group', query: `where[trackTemplateId]=${demo.trackTemplate}&limit=10&offset=0` });
    const interviewer = demoUserByRole('Interviewer').id;
    const created = await api.expect(201, {
      as: as.conferenceAdmin,
      path: '/api/user-group',
      body: { trackTemplateId: demo.trackTemplate, name: `Node 22 ${stamp}`, description: 'Made by the Node 22 bundle test', conferenceId: locations.conference1, users: [{ id: interviewer }] },
    });
    expect(created.id).toEqual(expect.any(String));
  },
  // Only reads: the entries are written by the other services' changes (the demo seed's history here).
  audit: async (api) => {
    const page = await api.expect(200, { as: as.superadmin, path: `/api/audit/history/User/${participantId}` });
    expect(page.data.length).toBeGreaterThan(0);
    await api.expect(200, { as: as.conferenceAdmin, path: '/api/audit/organisation', query: `scopeId=${locations.conference1}` });
  },
};
