import { handler as users } from '../../../functions/http/user/handler';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';

/** The profile's Tracks (SPEC.md section 2, `user-profile-track-instances`): the user's enrolments. */
const participant = demoUser('participant@example.org');
const advisor = demoUser('advisor@example.org');
const cookies: Record<string, string> = {};

beforeAll(async () => {
  await seedDemo();
  for (const email of ['superadmin@example.org', 'conference.admin@example.org', 'district.admin@example.org', 'advisor@example.org', 'mentor@example.org', 'participant@example.org']) {
    cookies[email.split('@')[0]] = await cookieFor(email);
  }
});

const tracksOf = (cookie: string, userId: string) => invoke(users, `/api/user/user-profile-track-instances/${userId}`, { cookie });
const candidacy = expect.objectContaining({ trackInstanceId: 'demo-instance-candidacy', trackName: 'Candidacy Pathway', participant: expect.objectContaining({ id: participant.id }) });

describe('GET /api/user/user-profile-track-instances/{userId}', () => {
  it("lists the user's enrolments to the user, their advisor and the admins over the enrolment", async () => {
    for (const who of ['participant', 'advisor', 'district.admin', 'conference.admin', 'superadmin']) {
      const res = await tracksOf(cookies[who], participant.id);
      expect(res.status, who).toBe(200);
      expect(res.body, who).toEqual(expect.arrayContaining([candidacy]));
    }
  });

  it('leaves out an enrolment the caller may not open, and answers 404 for a user the caller cannot see', async () => {
    // The mentor sees Priya (same district) but is not on her track: the instance page would refuse them.
    const mentor = await tracksOf(cookies.mentor, participant.id);
    expect(mentor.status).toBe(200);
    expect(mentor.body).toEqual([]);
    expect((await tracksOf(cookies.participant, advisor.id)).status).toBe(404);
    expect((await tracksOf(cookies['conference.admin'], 'demo-duplicate-robert')).status).toBe(404);
    expect((await tracksOf(cookies.superadmin, 'no-such-user')).status).toBe(404);
  });
});
