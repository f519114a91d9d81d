import { handler } from '../../../functions/http/track/handler';
import { handler as adminHandler } from '../../../functions/http/admin/handler';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { db } from '../../../functions/db/service';
import { CONFERENCE_ENROLLED_MESSAGE, CONFERENCE_LOCKED_MESSAGE } from '../../../functions/core/tracks/track-editor';
import { RolesMovedError, rolesVersionOf } from '../../../functions/core/enrolments/roles-guard';
import { visibilityWrites } from '../../../functions/core/enrolments/enrol-writes';
import { transact } from '../../../functions/db/transact';
import { putTestUser } from '../../support/test-users';
import { DEFAULT_ESCALATION_DAYS, DEFAULT_REMINDER_DAYS, ESCALATION_DAYS_MESSAGE, REMINDER_DAYS_MESSAGE } from '../../../shared/schemas/track';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { withCountedRequests } from '../../support/dynamo';
import { resolveSession } from '../../../functions/core/session/resolve-session';
import { readOutline } from '../../../functions/core/tracks/track-outline';

const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const DISTRICT_ADMIN = 'district.admin@example.org';
const PARTICIPANT = 'participant@example.org';
const MENTOR = 'mentor@example.org';
const HOME = DEMO_LOCATION_IDS.conference1;
const ELSEWHERE = DEMO_LOCATION_IDS.conference2;

async function call(as: string, path: string, options: { method?: string; body?: unknown; query?: string } = {}) {
  return invoke(handler, `/api/track/${path}`, { ...options, cookie: await cookieFor(as) });
}

async function createTrack(as: string, body: { name: string; description: string; conferenceId: string }) {
  return call(as, 'create-track-template', { method: 'POST', body });
}

beforeAll(async () => {
  await seedDemo();
});

describe('create and read a track template', () => {
  it("creates a track in the caller's conference, trims its texts, and reads it back with its outline", async () => {
    const res = await createTrack(CONFERENCE_ADMIN, { name: '  Deacon Pathway ', description: ' For deacons. ', conferenceId: HOME });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Deacon Pathway', description: 'For deacons.', conference: { id: HOME }, disabled: false, version: 1, instanceCount: 0 });
    const read = await call(PARTICIPANT, `track-template/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: 'Deacon Pathway', phases: [], canEdit: false });
  });

  it('answers the field messages for short or missing texts, and refuses a conference out of reach or a system track from a non-superadmin', async () => {
    const short = await createTrack(CONFERENCE_ADMIN, { name: 'A', description: ' ', conferenceId: HOME });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toMatchObject({ name: ['Name must be at least 2 characters.'], description: ['Description is required.'] });
    expect((await createTrack(CONFERENCE_ADMIN, { name: 'Elsewhere', description: 'Not mine', conferenceId: ELSEWHERE })).status).toBe(403);
    expect((await createTrack(CONFERENCE_ADMIN, { name: 'System one', description: 'Not mine', conferenceId: '0' })).status).toBe(403);
    expect((await createTrack(DISTRICT_ADMIN, { name: 'District try', description: 'Up a level', conferenceId: HOME })).status).toBe(403);
    expect((await createTrack(PARTICIPANT, { name: 'Participant try', description: 'No', conferenceId: HOME })).status).toBe(403);
    const system = await createTrack(SUPERADMIN, { name: 'Shared Basics', description: 'For every conference', conferenceId: '0' });
    expect(system.status).toBe(201);
    expect(system.body.conference).toBeNull();
  });

  it("reads the demo track's outline in two requests: phases in order with their step headers", async () => {
    const auth = (await resolveSession((await cookieFor(CONFERENCE_ADMIN)).split('=')[1]))!;
    const { result: outline, requests } = await withCountedRequests(() => readOutline(auth, DEMO_INSTANCE_IDS.trackTemplate));
    const result = { body: outline as any };
    expect(result.body.phases.map((p: { order: number; name: string }) => `${p.order}. ${p.name}`)).toEqual(['1. Discernment', '2. Formation']);
    expect(result.body.phases[0].steps.map((s: { name: string }) => s.name).sort()).toEqual(['Share your call story', 'Upload your transcript']);
    expect(result.body.canEdit).toBe(true);
    expect(requests).toBeLessThanOrEqual(2);
  });

  it("reads a 10 x 100 track's outline (contents beside it) in at most two requests", async () => {
    const { body: track } = await createTrack(CONFERENCE_ADMIN, { name: 'Large Track', description: 'Ten phases of a hundred steps', conferenceId: HOME });
    const trackTemplateId = track.id as string;
    const phases = Array.from({ length: 10 }, (_, p) => ({ trackTemplateId, phaseId: `large-p${p}`, name: `Phase ${p + 1}`, order: p + 1 }));
    const steps = phases.flatMap((phase) =>
      Array.from({ length: 100 }, (_, s) => ({ trackTemplateId, phaseId: phase.phaseId, stepTemplateId: `${phase.phaseId}-s${String(s).padStart(3, '0')}`, name: `Step ${s + 1}`, description: '<p>Read the chapter and write a short reflection for your advisor.</p>' })),
    );
    const contents = steps.flatMap((step) =>
      Array.from({ length: 4 }, (_, c) => ({ trackTemplateId, stepTemplateId: step.stepTemplateId, contentTemplateId: `${step.stepTemplateId}-c${c}`, type: 'Task' as const, name: `Task ${c}`, roleId: 'role-participant', task: { name: 'Write', description: 'A page of reflection on the reading.' } })),
    );
    await db().entities.phaseTemplate.put(phases).go();
    await db().entities.stepTemplate.put(steps).go();
    await db().entities.stepContentTemplate.put(contents).go();
    const auth = (await resolveSession((await cookieFor(CONFERENCE_ADMIN)).split('=')[1]))!;
    const { result: outline, requests } = await withCountedRequests(() => readOutline(auth, trackTemplateId));
    expect(outline.phases.map((phase) => phase.steps.length)).toEqual(Array(10).fill(100));
    expect(requests).toBeLessThanOrEqual(2);
  });

  it('hides another conference\'s track from a conference admin and lets everyone read system tracks', async () => {
    const theirs = await createTrack(SUPERADMIN, { name: 'Prairie Path', description: 'Theirs', conferenceId: ELSEWHERE });
    expect((await call(CONFERENCE_ADMIN, `track-template/${theirs.body.id}`)).status).toBe(403);
    expect((await call(MENTOR, `track-template/${DEMO_INSTANCE_IDS.trackTemplate}`)).status).toBe(403);
    const system = await call(PARTICIPANT, `track-template/${DEMO_INSTANCE_IDS.systemTrack}`);
    expect(system.status).toBe(200);
    expect(system.body.canEdit).toBe(false);
    expect((await call(SUPERADMIN, `track-template/${DEMO_INSTANCE_IDS.systemTrack}`)).body.canEdit).toBe(true);
    expect((await call(CONFERENCE_ADMIN, 'track-template/no-such-track')).status).toBe(404);
  });
});

describe('the Track Templates list', () => {
  it('pages by name with the filters: conference, System as 0, name prefix, active and inactive', async () => {
    for (const name of ['Alpha Track', 'Beta Track', 'Gamma Track']) await createTrack(CONFERENCE_ADMIN, { name, description: 'Listed', conferenceId: HOME });
    const first = await call(CONFERENCE_ADMIN, 'quickSearch', { query: `limit=2&offset=0&where[conferenceId]=${HOME}` });
    expect(first.status).toBe(200);
    expect(first.body.data.map((t: { name: string }) => t.name)).toEqual(['Alpha Track', 'Beta Track']);
    expect(first.body.count).toBe(3);
    const search = await call(CONFERENCE_ADMIN, 'quickSearch', { query: `where[conferenceId]=${HOME}&where[name]=gam` });
    expect(search.body.data.map((t: { name: string }) => t.name)).toEqual(['Gamma Track']);
    const system = await call(SUPERADMIN, 'quickSearch', { query: 'where[conferenceId]=0' });
    expect(system.body.data.map((t: { name: string }) => t.name)).toContain('Licensing School Pathway');
    expect(system.body.data.every((t: { conference: unknown }) => t.conference === null)).toBe(true);

    const gamma = search.body.data[0];
    expect((await call(CONFERENCE_ADMIN, `deactivate-track/${gamma.id}`, { method: 'POST' })).body.disabled).toBe(true);
    const active = await call(CONFERENCE_ADMIN, 'quickSearch', { query: `where[conferenceId]=${HOME}&where[name]=gam` });
    expect(active.body.data).toEqual([]);
    const inactive = await call(CONFERENCE_ADMIN, 'quickSearch', { query: `where[conferenceId]=${HOME}&where[name]=gam&where[active]=false&where[inactive]=true` });
    expect(inactive.body.data.map((t: { name: string }) => t.name)).toEqual(['Gamma Track']);
  });

  it("lists, unfiltered, the caller's conferences and the system tracks, never another conference's; a conference out of reach is 403", async () => {
    const res = await call(CONFERENCE_ADMIN, 'quickSearch', { query: 'limit=50' });
    expect(res.status).toBe(200);
    const conferences = new Set(res.body.data.map((t: { conference: { id: string } | null }) => t.conference?.id ?? '0'));
    expect([...conferences].sort()).toEqual(['0', HOME].sort());
    expect((await call(CONFERENCE_ADMIN, 'quickSearch', { query: `where[conferenceId]=${ELSEWHERE}` })).status).toBe(403);
    const picker = await call(PARTICIPANT, 'track-templates/conference/0');
    expect(picker.body.map((t: { name: string }) => t.name)).toContain('Licensing School Pathway');
  });
});

describe('track template rules', () => {
  it('saves an edit on the version read and refuses a stale one (409)', async () => {
    const { body: track } = await createTrack(CONFERENCE_ADMIN, { name: 'Editable', description: 'Before', conferenceId: HOME });
    const saved = await call(CONFERENCE_ADMIN, `update-track-template/${track.id}`, { method: 'PATCH', body: { name: 'Edited ', description: 'After', version: 1 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Edited', description: 'After', version: 2 });
    const stale = await call(CONFERENCE_ADMIN, `update-track-template/${track.id}`, { method: 'PATCH', body: { name: 'Lost', version: 1 } });
    expect(stale.status).toBe(409);
  });

  it('keeps reminder and escalation periods (default 7 days), saved on the version read and bounded to 1..90 days (400)', async () => {
    const { body: track } = await createTrack(CONFERENCE_ADMIN, { name: 'Reminded', description: 'Periods', conferenceId: HOME });
    expect(track).toMatchObject({ reminderDays: DEFAULT_REMINDER_DAYS, escalationDays: DEFAULT_ESCALATION_DAYS });
    for (const [field, value, message] of [
      ['reminderDays', 0, REMINDER_DAYS_MESSAGE],
      ['reminderDays', 91, REMINDER_DAYS_MESSAGE],
      ['escalationDays', 1.5, ESCALATION_DAYS_MESSAGE],
      ['escalationDays', '3', ESCALATION_DAYS_MESSAGE],
    ] as const) {
      const refused = await call(CONFERENCE_ADMIN, `update-track-template/${track.id}`, { method: 'PATCH', body: { [field]: value, version: 1 } });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors[field]).toEqual([message]);
    }
    const saved = await call(CONFERENCE_ADMIN, `update-track-template/${track.id}`, { method: 'PATCH', body: { reminderDays: 1, escalationDays: 90, version: 1 } });
    expect(saved.body).toMatchObject({ name: 'Reminded', reminderDays: 1, escalationDays: 90, version: 2 });
    expect((await call(PARTICIPANT, `track-template/${track.id}`)).body).toMatchObject({ reminderDays: 1, escalationDays: 90 });
    const stale = await call(CONFERENCE_ADMIN, `update-track-template/${track.id}`, { method: 'PATCH', body: { reminderDays: 3, version: 1 } });
    expect(stale.status).toBe(409);
    // Only those who edit the track set its periods.
    expect((await call(PARTICIPANT, `update-track-template/${track.id}`, { method: 'PATCH', body: { reminderDays: 3, version: 2 } })).status).toBe(403);
  });

  it('lets only a superadmin edit or deactivate a system track', async () => {
    const edit = { method: 'PATCH', body: { description: 'The shared pathway every conference can copy.', version: 1 } };
    expect((await call(CONFERENCE_ADMIN, `update-track-template/${DEMO_INSTANCE_IDS.systemTrack}`, edit)).status).toBe(403);
    expect((await call(CONFERENCE_ADMIN, `deactivate-track/${DEMO_INSTANCE_IDS.systemTrack}`, { method: 'POST' })).status).toBe(403);
    const { body: shared } = await createTrack(SUPERADMIN, { name: 'Superadmin Edits', description: 'Shared', conferenceId: '0' });
    const saved = await call(SUPERADMIN, `update-track-template/${shared.id}`, { method: 'PATCH', body: { name: 'Superadmin Edited', version: 1 } });
    expect(saved.status).toBe(200);
  });

  it('answers an already inactive track unchanged, without a write', async () => {
    const { body: track } = await createTrack(CONFERENCE_ADMIN, { name: 'Twice Off', description: 'Deactivate twice', conferenceId: HOME });
    const first = await call(CONFERENCE_ADMIN, `deactivate-track/${track.id}`, { method: 'POST' });
    const second = await call(CONFERENCE_ADMIN, `deactivate-track/${track.id}`, { method: 'POST' });
    expect(second.body).toEqual(first.body);
    expect(second.body.version).toBe(2);
  });

  it('refuses to change the conference while copies exist', async () => {
    const { body: track } = await createTrack(SUPERADMIN, { name: 'Copied Source', description: 'Has copies', conferenceId: '0' });
    await db().entities.trackTemplate.patch({ trackTemplateId: track.id }).add({ copyCount: 1 }).go();
    expect((await call(SUPERADMIN, `is-system-track-with-copies/${track.id}`)).body).toBe(true);
    const move = await call(SUPERADMIN, `update-track-template/${track.id}`, { method: 'PATCH', body: { conferenceId: HOME, version: 1 } });
    expect(move.status).toBe(422);
    expect(move.body.message).toBe(CONFERENCE_LOCKED_MESSAGE);
    const rename = await call(SUPERADMIN, `update-track-template/${track.id}`, { method: 'PATCH', body: { name: 'Copied Source Renamed', conferenceId: '0', version: 1 } });
    expect(rename.status).toBe(200);
  });

  it('refuses to change the conference while participants are enrolled, and allows it once they are removed', async () => {
    const { body: track } = await createTrack(CONFERENCE_ADMIN, { name: 'Enrolled Here', description: 'Has people', conferenceId: HOME });
    const participantId = await putTestUser({ firstName: 'Enid', lastName: 'Stays', locationId: DEMO_LOCATION_IDS.district1 });
    const enrolled = await call(CONFERENCE_ADMIN, 'instance', { method: 'POST', body: { trackId: track.id, participantIds: [participantId], advisorIds: ['demo-advisor'] } });
    expect(enrolled.status).toBe(201);
    const version = (await call(SUPERADMIN, `track-template/${track.id}`)).body.version;
    const move = await call(SUPERADMIN, `update-track-template/${track.id}`, { method: 'PATCH', body: { conferenceId: ELSEWHERE, version } });
    expect(move.status).toBe(422);
    expect(move.body.message).toBe(CONFERENCE_ENROLLED_MESSAGE);
    expect((await db().entities.trackTemplate.get({ trackTemplateId: track.id }).go({ consistent: true })).data!.conferenceId).toBe(HOME);

    const [instanceId] = enrolled.body.trackInstanceIds as string[];
    const removed = await call(CONFERENCE_ADMIN, 'instance', { method: 'DELETE', body: { id: instanceId, version: 1 } });
    expect(removed.status).toBe(200);
    const moved = await call(SUPERADMIN, `update-track-template/${track.id}`, { method: 'PATCH', body: { conferenceId: ELSEWHERE, version } });
    expect(moved.status).toBe(200);
  });

  it('refuses an enrolment planned in the conference a track has just left (the race with a move)', async () => {
    const { body: track } = await createTrack(CONFERENCE_ADMIN, { name: 'Moved Away', description: 'Moves first', conferenceId: HOME });
    const participantId = await putTestUser({ firstName: 'Rae', lastName: 'Late', locationId: DEMO_LOCATION_IDS.district1 });
    const participant = { userId: participantId, firstName: 'Rae', lastName: 'Late', email: 'rae@example.org' };
    const planned = { trackInstanceId: `race-${participantId}`, trackTemplateId: track.id, trackName: track.name, participantId, participant, districtId: DEMO_LOCATION_IDS.district1, ancestorIds: [], createdAt: new Date().toISOString() };
    const rolesVersion = rolesVersionOf((await db().entities.trackTemplate.get({ trackTemplateId: track.id }).go({ consistent: true })).data!);
    // Planned in the old conference, committed after the move: the track's conference is part of the count's condition.
    expect((await call(SUPERADMIN, `update-track-template/${track.id}`, { method: 'PATCH', body: { conferenceId: ELSEWHERE, version: 1 } })).status).toBe(200);
    await expect(transact(visibilityWrites({ ...planned, conferenceId: HOME }, [], 'demo-superadmin', rolesVersion))).rejects.toBeInstanceOf(RolesMovedError);
    await transact(visibilityWrites({ ...planned, conferenceId: ELSEWHERE }, [], 'demo-superadmin', rolesVersion));
    expect((await db().entities.trackTemplate.get({ trackTemplateId: track.id }).go({ consistent: true })).data!.instanceCount).toBe(1);
  });
  // Delete Track: test/functions/http/track-delete.test.ts.
});

describe('GET /api/admin/track-admin', () => {
  it('says whether the caller designs tracks anywhere: admins yes, a participant or mentor no', async () => {
    const trackAdmin = async (as: string) => (await invoke(adminHandler, '/api/admin/track-admin', { cookie: await cookieFor(as) })).body.trackAdmin;
    expect(await trackAdmin(SUPERADMIN)).toBe(true);
    expect(await trackAdmin(CONFERENCE_ADMIN)).toBe(true);
    expect(await trackAdmin(PARTICIPANT)).toBe(false);
    expect(await trackAdmin(MENTOR)).toBe(false);
  });
});

describe('assigned-tracks (/tracks: Participating and Assignments)', () => {
  it("answers the caller's own enrolments and assignments only, by track name", async () => {
    const participant = await call(PARTICIPANT, 'assigned-tracks');
    expect(participant.status).toBe(200);
    expect(participant.body.participating).toMatchObject([{ trackInstanceId: DEMO_INSTANCE_IDS.trackInstance, trackTemplateId: DEMO_INSTANCE_IDS.trackTemplate, status: 'Open', roleName: null }]);
    expect(participant.body.assignments).toEqual([]);
    const advisor = await call('advisor@example.org', 'assigned-tracks');
    expect(advisor.body.participating).toEqual([]);
    expect(advisor.body.assignments).toMatchObject([{ trackInstanceId: DEMO_INSTANCE_IDS.trackInstance, roleName: 'Advisor', participant: { id: participant.body.participating[0].participant.id } }]);
    // Designing tracks is no enrolment: the conference admin has neither.
    expect((await call(CONFERENCE_ADMIN, 'assigned-tracks')).body).toEqual({ participating: [], assignments: [] });
    expect((await invoke(handler, '/api/track/assigned-tracks', {})).status).toBe(401);
  });
});
