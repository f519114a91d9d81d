import { listNotifications } from '../../../functions/db/access/notifications';
import { loadUserAggregate } from '../../../functions/db/access/user-aggregate';
import { SYSTEM_LOCATION_ID } from '../../../functions/db/entities/location';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS, DEMO_USERS, seedDemo, seedDemoIfEmpty } from '../../../functions/db/seed/demo';
import { db } from '../../../functions/db/service';
import { SYSTEM_ROLE_NAMES } from '../../../shared/auth/vocabulary';

const byRole = (role: string) => DEMO_USERS.find((user) => user.role === role)!;

// Seeding runs every projector once: allow for a machine shared with other test files.
const SEED_TIMEOUT_MS = 300_000;

describe('demo seed', () => {
  it('seeds an empty table once', async () => {
    expect(await seedDemoIfEmpty()).toBe(true);
    expect(await seedDemoIfEmpty()).toBe(false);
  }, SEED_TIMEOUT_MS);

  it('can run again without duplicating anything', async () => {
    await seedDemo();
    const inbox = await listNotifications(byRole('Participant').id, { limit: 50, offset: 0 });
    expect(inbox.total).toBe(7);
    expect(inbox.items).toHaveLength(7);
  }, SEED_TIMEOUT_MS);

  it('has the ten system roles, sorted by name in one list', async () => {
    const { data } = await db().entities.role.query.list({}).go();
    expect(data.map((role) => role.name)).toEqual([...SYSTEM_ROLE_NAMES].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(data.every((role) => role.system && role.policies.length > 0)).toBe(true);
  });

  it('has one user per role, each with the role and a local account', async () => {
    expect(DEMO_USERS.map((user) => user.email)).toEqual([
      'superadmin@example.org',
      'conference.admin@example.org',
      'district.admin@example.org',
      'advisor@example.org',
      'mentor@example.org',
      'interviewer@example.org',
      'participant@example.org',
    ]);
    for (const demo of DEMO_USERS) {
      const aggregate = await loadUserAggregate(demo.id);
      expect(aggregate?.user.email).toBe(demo.email);
      expect(aggregate?.roles.map((role) => role.roleName)).toEqual([demo.role]);
      expect((await db().entities.localAccount.get({ email: demo.email }).go()).data?.userId).toBe(demo.id);
    }
    expect((await loadUserAggregate(byRole('ConferenceAdmin').id))?.permissions.map((p) => p.entityId)).toEqual([DEMO_LOCATION_IDS.conference1]);
    expect((await loadUserAggregate(byRole('DistrictAdmin').id))?.permissions.map((p) => p.entityId)).toEqual([DEMO_LOCATION_IDS.district1]);
  });

  it('builds the location hierarchy with ancestors on every location', async () => {
    const counts: Record<string, number> = {};
    for (const kind of ['Jurisdiction', 'EpiscopalArea', 'Conference', 'District', 'Church'] as const) {
      counts[kind] = (await db().entities.location.query.byKind({ kind }).go()).data.length;
    }
    expect(counts).toEqual({ Jurisdiction: 2, EpiscopalArea: 2, Conference: 2, District: 3, Church: 6 });
    const { data: church } = await db().entities.location.get({ locationId: DEMO_LOCATION_IDS.church1 }).go();
    expect(church?.ancestors).toEqual({
      jurisdictionId: DEMO_LOCATION_IDS.jurisdiction1,
      episcopalAreaId: DEMO_LOCATION_IDS.episcopalArea1,
      conferenceId: DEMO_LOCATION_IDS.conference1,
      districtId: DEMO_LOCATION_IDS.district1,
    });
    const { data: districtChurches } = await db().entities.location.query.byParent({ parentId: DEMO_LOCATION_IDS.district1 }).go();
    expect(districtChurches.map((c) => c.name)).toEqual(['Grace Chapel', 'Mount Hope Church']);
    expect((await db().entities.location.get({ locationId: SYSTEM_LOCATION_ID }).go()).data?.kind).toBe('System');
  });

  it('keeps directory lists and counts for scoped, paged tables', async () => {
    const everyone = await db().collections.directory({ scopeId: SYSTEM_LOCATION_ID, list: 'users' }).go();
    // The seven demo accounts and three active people who never sign in (demo-others.ts: one invited,
    // two records of one person to merge); the deactivated one is in the inactive list.
    expect(everyone.data.directoryCount[0].count).toBe(10);
    expect(everyone.data.directoryEntry.map((entry) => entry.display.lastName)).toEqual(['Bell', 'Delgado', 'Herrera', 'Kowalski', 'Nguyen', 'Okafor', 'Okonkwo', 'Okonkwo', 'Raman', 'Whitfield']);
    const inConference = await db().entities.directoryCount.get({ scopeId: DEMO_LOCATION_IDS.conference1, list: 'users' }).go();
    expect(inConference.data?.count).toBe(6); // everyone but the superadmin
    const churches = await db().entities.directoryCount.get({ scopeId: DEMO_LOCATION_IDS.conference1, list: 'locations:Church' }).go();
    expect(churches.data?.count).toBe(4);
    const search = await db().entities.directoryEntry.query.byList({ scopeId: SYSTEM_LOCATION_ID, list: 'locationWords:Church' }).begins({ term: 'chap' }).go();
    expect(search.data.map((entry) => entry.targetId)).toEqual([DEMO_LOCATION_IDS.church1]);
  });

  it('enrols the participant in the demo track with the advisor, and links the mentor', async () => {
    const template = await db().collections.trackTemplateAggregate({ trackTemplateId: DEMO_INSTANCE_IDS.trackTemplate }).go();
    expect(template.data.phaseTemplate.map((p) => [p.order, p.name]).sort()).toEqual([[1, 'Discernment'], [2, 'Formation']]);
    expect(template.data.stepTemplate).toHaveLength(4);
    // The readiness interview comes after the questionnaire (its prerequisite).
    const interview = template.data.stepTemplate.find((s) => s.stepTemplateId === DEMO_INSTANCE_IDS.interviewTemplate);
    expect(interview?.prerequisites).toEqual([DEMO_INSTANCE_IDS.questionnaireTemplate]);
    const detail = await db().collections.trackTemplateDetail({ trackTemplateId: DEMO_INSTANCE_IDS.trackTemplate }).go();
    expect(detail.data.stepContentTemplate.map((c) => c.type).sort()).toEqual(['Form', 'Task', 'Task', 'Upload']);
    expect(detail.data.stepActionTemplate.map((a) => a.type).sort()).toEqual(['Approval', 'Approval', 'Signature']);
    expect(template.data.trackTemplate[0].instanceCount).toBe(1);

    const instance = await db().collections.trackInstanceSummary({ trackInstanceId: DEMO_INSTANCE_IDS.trackInstance }).go();
    expect(instance.data.trackInstance[0].participantId).toBe(byRole('Participant').id);
    expect(instance.data.trackAssignee.map((a) => [a.assigneeId, a.roleName])).toEqual([[byRole('Advisor').id, 'Advisor']]);
    expect(instance.data.stepInstance).toHaveLength(4);

    const step = await db().collections.stepInstanceView({ stepInstanceId: DEMO_INSTANCE_IDS.questionnaireStep }).go();
    expect(step.data.stepInstance).toHaveLength(1);
    expect(step.data.stepContentInstance).toHaveLength(1);
    expect(step.data.stepActionInstance).toHaveLength(1);
    expect(step.data.formInstance).toHaveLength(1);

    const { data: mentees } = await db().entities.mentorAssignment.query.byMentor({ mentorId: byRole('Mentor').id }).go();
    expect(mentees.map((m) => m.userId)).toEqual([byRole('Participant').id]);
  });

  it('gives the participant 7 notifications and the superadmin 3, some unread, and writes 4 announcements', async () => {
    const participant = await listNotifications(byRole('Participant').id, { limit: 50, offset: 0 });
    expect([participant.total, participant.unreadCount]).toEqual([7, 4]);
    const superadmin = await listNotifications(byRole('Superadmin').id, { limit: 50, offset: 0 });
    expect([superadmin.total, superadmin.unreadCount]).toEqual([3, 2]);
    const { data } = await db().entities.announcement.query.list({}).go();
    expect(data).toHaveLength(4);
  });
});
