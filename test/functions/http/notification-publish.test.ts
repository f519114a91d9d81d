import { handler } from '../../../functions/http/notification/handler';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { publishChunk } from '../../../functions/core/notifications/publish-job';
import { jobFaults, runJobStep, runJobToEnd } from '../../../functions/db/jobs';
import { directoryLists } from '../../../functions/db/directory';
import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo-organisation';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { pendingNotifications } from '../../support/notifications';
import { cookieFor, cookieForUser, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { cookieOf, placeUser } from './access-fixtures';

const HIGH_PLAINS = DEMO_LOCATION_IDS.district3;
let superadmin: string;
let blueRidgeAdmin: string;
let participant: string;
let plainsPeople: string[];
let plainsAdvisor: string;

beforeAll(async () => {
  await seedDemo();
  [superadmin, blueRidgeAdmin, participant] = await Promise.all(['superadmin@example.org', 'conference.admin@example.org', 'participant@example.org'].map(cookieFor));
  plainsPeople = await Promise.all(['Ada', 'Ben', 'Cy'].map((firstName) => putTestUser({ firstName, lastName: 'Plains', locationId: HIGH_PLAINS })));
  plainsAdvisor = await putTestUser({ firstName: 'Avery', lastName: 'Plains', locationId: HIGH_PLAINS, role: 'Advisor' });
});

const publish = (cookie: string, body: Record<string, unknown>) => invoke(handler, '/api/notification/publish', { method: 'POST', cookie, body });

/** Every active user in the district's list: the audience as the directory holds it. */
async function audienceOf(locationId: string, roleId?: string): Promise<string[]> {
  const { data } = await db().entities.directoryEntry.query.byList({ scopeId: locationId, list: directoryLists.users(roleId) }).go({ pages: 'all' });
  return [...new Set(data.map((entry) => entry.targetId))];
}

async function receivedBy(message: string): Promise<string[]> {
  return (await pendingNotifications()).filter((note) => note.message === message).map((note) => note.userId).sort();
}

describe('POST /api/notification/publish', () => {
  it('refuses callers who do not administer the location’s people, and bad input, with the field', async () => {
    expect((await publish(participant, { message: 'Hi', locationId: DEMO_LOCATION_IDS.district1 })).status).toBe(403);
    expect((await publish(blueRidgeAdmin, { message: 'Hi', locationId: HIGH_PLAINS })).status).toBe(403);
    const church = await publish(superadmin, { message: 'Hi', locationId: DEMO_LOCATION_IDS.church1 });
    expect(church.status).toBe(400);
    expect(church.body.fieldErrors.locationId).toEqual(['Send to a conference or a district.']);
    expect((await publish(superadmin, { message: 'Hi', locationId: HIGH_PLAINS, roleId: 'no-such-role' })).body.fieldErrors.roleId).toEqual(['Select a role.']);
    expect((await publish(superadmin, { message: 'Hi', locationId: HIGH_PLAINS, link: 'https://elsewhere.example' })).body.fieldErrors.link).toEqual(['A link is a page of this site, starting with /.']);
    expect((await publish(superadmin, { message: ' ', locationId: HIGH_PLAINS })).body.fieldErrors.message).toEqual(['Message is required.']);
    expect((await publish(superadmin, { message: 'x'.repeat(501), locationId: HIGH_PLAINS })).status).toBe(400);
  });

  it("walks a district's users in a job with progress, and a step repeated after a crash writes nobody twice", async () => {
    const message = 'Registration for the spring retreat is open.';
    const res = await publish(superadmin, { message, link: '/tracks', locationId: HIGH_PLAINS });
    expect(res.status).toBe(202);
    const audience = await audienceOf(HIGH_PLAINS);
    expect(audience).toEqual(expect.arrayContaining([...plainsPeople, plainsAdvisor]));
    expect(audience.length).toBeGreaterThanOrEqual(4);

    const size = publishChunk.size;
    publishChunk.size = 2;
    try {
      jobFaults.failAfterWork = true;
      await expect(runJobStep(res.body.jobId, jobKinds)).rejects.toThrow(/Injected/);
      jobFaults.failAfterWork = false;
      // The first page was written, its progress was not: the restart repeats it.
      expect((await receivedBy(message)).length).toBe(2);
      await db().entities.job.patch({ jobId: res.body.jobId }).set({ leaseUntil: 0 }).go();
      const job = await runJobToEnd(res.body.jobId, jobKinds);
      expect(job).toMatchObject({ status: 'succeeded', done: audience.length, total: audience.length });
      expect(job!.steps).toBeGreaterThanOrEqual(2);
    } finally {
      jobFaults.failAfterWork = false;
      publishChunk.size = size;
    }
    expect(await receivedBy(message)).toEqual([...audience].sort());
    const outbox = (await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' })).data.find((item) => (item.payload as { message: string }).message === message);
    expect(outbox?.payload).toMatchObject({ link: '/tracks' });
  });

  it("sends to a role's holders there only, and never to the sender", async () => {
    const message = 'Advisors: please review your candidates.';
    const res = await publish(superadmin, { message, locationId: HIGH_PLAINS, roleId: systemRoleByName('Advisor').id });
    await runJobToEnd(res.body.jobId, jobKinds);
    expect(await receivedBy(message)).toEqual((await audienceOf(HIGH_PLAINS, systemRoleByName('Advisor').id)).sort());
    expect(await receivedBy(message)).toContain(plainsAdvisor);
    expect(await receivedBy(message)).not.toContain(plainsPeople[0]);

    const own = 'A note from the conference office.';
    const conference = await publish(blueRidgeAdmin, { message: own, locationId: DEMO_LOCATION_IDS.conference1 });
    expect(conference.status).toBe(202);
    await runJobToEnd(conference.body.jobId, jobKinds);
    const told = await receivedBy(own);
    expect(told).toContain(demoUser('participant@example.org').id);
    expect(told).not.toContain(demoUser('conference.admin@example.org').id);
    expect(told).not.toContain(plainsPeople[0]);
  });
});

describe('publishing over a denied district', () => {
  it("sends to the people the publisher may reach, skips the denied district's people and says how many; the denied district itself is refused", async () => {
    const conferenceAdmin = systemRoleByName('ConferenceAdmin').id;
    const publisherId = `publisher-${Date.now()}`;
    await placeUser(publisherId, { roleIds: [conferenceAdmin], locations: [DEMO_LOCATION_IDS.conference1], denied: [DEMO_LOCATION_IDS.district1] });
    const cookie = await cookieOf(publisherId);
    const lakeside = await putTestUser({ firstName: 'Lee', lastName: 'Lakeside', locationId: DEMO_LOCATION_IDS.district2 });

    expect((await publish(cookie, { message: 'Hi', locationId: DEMO_LOCATION_IDS.district1 })).status).toBe(403);
    const message = 'The conference office is closed on Friday.';
    const res = await publish(cookie, { message, locationId: DEMO_LOCATION_IDS.conference1 });
    expect(res.status).toBe(202);
    const size = publishChunk.size;
    publishChunk.size = 3;
    try {
      const job = await runJobToEnd(res.body.jobId, jobKinds);
      const foothills = await audienceOf(DEMO_LOCATION_IDS.district1);
      expect(job).toMatchObject({ status: 'succeeded', result: { skipped: foothills.length } });
      const told = await receivedBy(message);
      expect(told).toContain(lakeside);
      expect(told).not.toContain(demoUser('participant@example.org').id);
      expect(told.filter((id) => foothills.includes(id))).toEqual([]);
      expect(told.length).toBe((await audienceOf(DEMO_LOCATION_IDS.conference1)).filter((id) => !foothills.includes(id) && id !== publisherId).length);
    } finally {
      publishChunk.size = size;
    }
  });

  it('refuses a publisher denied at the location or above it', async () => {
    const publisherId = `denied-publisher-${Date.now()}`;
    await placeUser(publisherId, { roleIds: [systemRoleByName('ConferenceAdmin').id], locations: [DEMO_LOCATION_IDS.conference1], denied: [DEMO_LOCATION_IDS.conference1] });
    expect((await publish(await cookieOf(publisherId), { message: 'Hi', locationId: DEMO_LOCATION_IDS.district2 })).status).toBe(403);
  });
});

describe('POST /api/notification/subscribe', () => {
  it("saves the caller's own channels on the version read, as the profile does", async () => {
    const userId = await putTestUser({ firstName: 'Sub', lastName: 'Scriber', locationId: HIGH_PLAINS });
    const cookie = await cookieForUser(userId);
    const subscribe = (body: Record<string, unknown>) => invoke(handler, '/api/notification/subscribe', { method: 'POST', cookie, body });
    const { data: user } = await db().entities.user.get({ userId }).go();
    const on = await subscribe({ emailNotificationsOptIn: true, version: user!.version });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ emailNotificationsOptIn: true, smsOptIn: false, version: user!.version + 1 });
    expect((await subscribe({ emailNotificationsOptIn: false, version: user!.version })).status).toBe(409);
    const sms = await subscribe({ smsOptIn: true, version: on.body.version });
    expect(sms.status).toBe(403);
    expect(sms.body.message).toBe('SMS opt-in needs a verified phone number.');
    await db().entities.user.patch({ userId }).set({ phoneNumber: '5555550123', isPhoneNumberVerified: true }).go();
    const verified = await subscribe({ smsOptIn: true, emailNotificationsOptIn: false, version: on.body.version });
    expect(verified.body).toEqual({ emailNotificationsOptIn: false, smsOptIn: true, version: on.body.version + 1 });
    const stored = await db().entities.user.get({ userId }).go();
    expect(stored.data).toMatchObject({ emailNotificationsOptIn: false, smsOptIn: true });
    expect((await subscribe({ version: 1 })).status).toBe(400);
    expect((await invoke(handler, '/api/notification/subscribe', { method: 'POST', body: { smsOptIn: false, version: 1 } })).status).toBe(401);
  });
});
