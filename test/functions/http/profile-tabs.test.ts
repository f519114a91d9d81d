import { handler as users } from '../../../functions/http/user/handler';
import { handler as files } from '../../../functions/http/file/handler';
import { handler as forms } from '../../../functions/http/form/handler';
import { withCountedRequests } from '../../support/dynamo';
import { db } from '../../../functions/db/service';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';

/** The profile's Documents and User Assignments tabs (SPEC.md section 2). */
const advisor = demoUser('advisor@example.org');
const participant = demoUser('participant@example.org');
let cookies: Record<'superadmin' | 'conferenceAdmin' | 'districtAdmin' | 'advisor' | 'participant', string>;

beforeAll(async () => {
  await seedDemo();
  const [superadmin, conferenceAdmin, districtAdmin, advisorCookie, participantCookie] = await Promise.all(
    ['superadmin@example.org', 'conference.admin@example.org', 'district.admin@example.org', 'advisor@example.org', 'participant@example.org'].map(cookieFor),
  );
  cookies = { superadmin, conferenceAdmin, districtAdmin, advisor: advisorCookie, participant: participantCookie };
  const file = (index: number, isPrivate = false) => ({
    userId: participant.id,
    fileKey: `tabfile${String(index).padStart(19, '0')}`,
    name: `document-${index}.pdf`,
    trackInstanceId: 'demo-instance-candidacy',
    stepInstanceId: 'demo-step-instance-transcript',
    contentInstanceId: 'demo-content-instance-transcript',
    stepTemplateId: 'demo-step-transcript',
    stepTemplateName: 'Transcript',
    isPrivate,
    approvedRoles: isPrivate ? [systemRoleByName('Advisor').id] : [],
    createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
  });
  await db().entities.associatedFile.put([...Array.from({ length: 11 }, (_, index) => file(index)), file(11, true)]).go();
});

const assignments = (cookie: string, userId: string, query = '') => invoke(users, `/api/user/${userId}/assigned-users`, { cookie, query });
const documents = (cookie: string, userId: string, query = '') => invoke(files, `/api/file/${userId}/associated-files`, { cookie, query });

describe('GET /api/user/{id}/assigned-users', () => {
  it("lists the participants a user is assigned to, with track and role, for the user and for those who may update them", async () => {
    for (const cookie of [cookies.advisor, cookies.districtAdmin, cookies.conferenceAdmin, cookies.superadmin]) {
      const res = await assignments(cookie, advisor.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: [expect.objectContaining({ participantId: participant.id, firstName: 'Priya', lastName: 'Raman', email: participant.email, trackName: 'Candidacy Pathway', roleName: 'Advisor' })],
        count: 1,
      });
    }
    // The participant sees no other users at all.
    expect((await assignments(cookies.participant, advisor.id)).status).toBe(404);
    expect((await assignments(cookies.participant, participant.id)).body).toEqual({ data: [], count: 0 });
  });

  it('refuses a reader who may not update the user (403) and one who cannot see them (404)', async () => {
    expect((await assignments(cookies.advisor, participant.id)).status).toBe(403);
    expect((await assignments(cookies.conferenceAdmin, 'demo-duplicate-robert')).status).toBe(404);
    expect((await assignments(cookies.superadmin, advisor.id, 'offset=100')).status).toBe(400);
  });
});

describe('GET /api/file/{userId}/associated-files', () => {
  it('pages the documents newest first; private content only for the participant, superadmins and its approved roles', async () => {
    const first = await documents(cookies.superadmin, participant.id);
    expect(first.body.count).toBe(12);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0]).toEqual({ key: 'tabfile0000000000000000011', name: 'document-11.pdf', createdAt: '2026-01-12T00:00:00.000Z', stepInstanceId: 'demo-step-instance-transcript', stepName: 'Transcript' });
    expect((await documents(cookies.superadmin, participant.id, 'limit=10&offset=10')).body.data).toHaveLength(2);
    expect((await documents(cookies.participant, participant.id)).body.count).toBe(12);
    const admin = await documents(cookies.conferenceAdmin, participant.id, 'limit=50');
    expect(admin.body.count).toBe(11);
    expect(admin.body.data.map((row: { name: string }) => row.name)).not.toContain('document-11.pdf');
  });

  it('refuses a reader who may not update the user (403) and one who cannot see them (404)', async () => {
    expect((await documents(cookies.advisor, participant.id)).status).toBe(403);
    expect((await documents(cookies.conferenceAdmin, 'demo-duplicate-robert')).status).toBe(404);
  });
});

describe('GET /api/form/forms/{userId}', () => {
  const formsOf = (cookie: string, userId: string, query = '') => invoke(forms, `/api/form/forms/${userId}`, { cookie, query });
  const questionnaire = { trackTemplateId: 'demo-track-candidacy', phaseId: 'demo-phase-formation', stepTemplateId: 'demo-step-questionnaire' };

  it("lists the user's forms as summaries (never answers), the step linkable while its template is active", async () => {
    for (const cookie of [cookies.participant, cookies.districtAdmin, cookies.conferenceAdmin, cookies.superadmin]) {
      const res = await formsOf(cookie, participant.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: [{ id: 'demo-form-instance-questionnaire', stepInstanceId: 'demo-step-instance-questionnaire', title: 'Candidate Background Questionnaire', trackName: 'Candidacy Pathway', stepName: 'Background questionnaire', phaseName: 'Formation', submitted: false, stepInactive: false }],
        count: 1,
      });
    }
    // One Query of the user's forms and two BatchGets for the page's steps, besides the session and access reads.
    const { requests } = await withCountedRequests(() => formsOf(cookies.superadmin, participant.id));
    expect(requests).toBeLessThanOrEqual(6);

    await db().entities.stepTemplate.patch(questionnaire).set({ inactive: true }).go();
    try {
      expect((await formsOf(cookies.conferenceAdmin, participant.id)).body.data[0].stepInactive).toBe(true);
    } finally {
      await db().entities.stepTemplate.patch(questionnaire).set({ inactive: false }).go();
    }
    expect((await formsOf(cookies.conferenceAdmin, participant.id, 'limit=10&offset=1')).body).toEqual({ data: [], count: 1 });
  });

  it('refuses a reader who may not update the user (403), one who cannot see them (404), and an offset past the bound (400)', async () => {
    expect((await formsOf(cookies.advisor, participant.id)).status).toBe(403);
    expect((await formsOf(cookies.conferenceAdmin, 'demo-duplicate-robert')).status).toBe(404);
    expect((await formsOf(cookies.superadmin, participant.id, 'offset=100')).status).toBe(400);
  });
});
