import { handler as users } from '../../../functions/http/user/handler';
import { db } from '../../../functions/db/service';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo';
import { settle } from '../../support/settle';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';

/**
 * Copies of a user's name on other items (issue 9: mentor links, enrolments, assignments,
 * interview groups, comment authors, the users table) follow a rename through the job the
 * rename starts, not in the request (functions/core/jobs/name-copies-job.ts).
 */
const advisor = demoUser('advisor@example.org');
const participant = demoUser('participant@example.org');
const mentor = demoUser('mentor@example.org');
let superadmin: string;

beforeAll(async () => {
  await seedDemo();
  superadmin = await cookieFor('superadmin@example.org');
  const now = new Date().toISOString();
  await Promise.all([
    db().entities.comment.put({ userId: participant.id, commentId: '01NAMECOPY0000000000000001', type: 'Character', comment: 'Kind and steady.', author: { id: advisor.id, firstName: advisor.firstName, lastName: advisor.lastName }, createdAt: now }).go(),
    db().entities.userGroupMember.put({ userGroupId: 'name-copies-group', userId: advisor.id, user: { firstName: advisor.firstName, lastName: advisor.lastName, email: advisor.email }, createdAt: now }).go(),
  ]);
  await settle();
});

async function rename(userId: string, firstName: string, lastName: string) {
  const { data } = await db().entities.user.get({ userId }).go({ consistent: true });
  const res = await invoke(users, `/api/user/${userId}`, { method: 'PATCH', cookie: superadmin, body: { version: data!.version, firstName, lastName } });
  expect(res.status).toBe(200);
}

const instance = async () => (await db().entities.trackInstance.get({ trackInstanceId: DEMO_INSTANCE_IDS.trackInstance }).go({ consistent: true })).data!;
const assignment = async () =>
  (await db().entities.trackAssignee.query.byInstance({ trackInstanceId: DEMO_INSTANCE_IDS.trackInstance }).go({ consistent: true })).data.find((row) => row.assigneeId === advisor.id)!;

describe('a renamed user', () => {
  it("as participant and mentee: the enrolment, its assignments and the mentor link follow after the job, not in the request", async () => {
    await rename(participant.id, 'Priyanka', 'Raman-Ortiz');
    // The request changed the user only.
    expect((await instance()).participant.lastName).toBe('Raman');

    await settle();
    expect(await instance()).toMatchObject({ participant: { firstName: 'Priyanka', lastName: 'Raman-Ortiz' }, sortName: 'raman-ortiz priyanka' });
    expect((await assignment()).participant).toMatchObject({ firstName: 'Priyanka', lastName: 'Raman-Ortiz' });
    const { data: links } = await db().entities.mentorAssignment.query.byMentee({ userId: participant.id }).go({ consistent: true });
    expect(links).toMatchObject([{ mentorId: mentor.id, mentee: { firstName: 'Priyanka', lastName: 'Raman-Ortiz' } }]);
    const table = await invoke(users, '/api/user/quickSearch', { cookie: superadmin, query: 'where[name]=raman-ortiz' });
    expect(table.body.data.map((row: { firstName: string }) => row.firstName)).toEqual(['Priyanka']);
  });

  it('as advisor and comment author: assignments, the instance list of assignees, groups and comments follow', async () => {
    await rename(advisor.id, 'Abby', 'Nguyen-Hart');
    await settle();
    expect((await assignment()).assignee).toMatchObject({ firstName: 'Abby', lastName: 'Nguyen-Hart' });
    expect((await instance()).assignees).toMatchObject([{ userId: advisor.id, firstName: 'Abby', lastName: 'Nguyen-Hart' }]);
    const { data: member } = await db().entities.userGroupMember.get({ userGroupId: 'name-copies-group', userId: advisor.id }).go({ consistent: true });
    expect(member?.user).toMatchObject({ firstName: 'Abby', lastName: 'Nguyen-Hart' });
    const { data: comment } = await db().entities.comment.get({ userId: participant.id, commentId: '01NAMECOPY0000000000000001' }).go({ consistent: true });
    expect(comment?.author).toEqual({ id: advisor.id, firstName: 'Abby', lastName: 'Nguyen-Hart' });
  });

  it('as mentor: the mentee links follow; two quick renames end with the latest name', async () => {
    await rename(mentor.id, 'Mark', 'Bell');
    await rename(mentor.id, 'Marcus', 'Bellamy');
    await settle();
    const { data: links } = await db().entities.mentorAssignment.query.byMentor({ mentorId: mentor.id }).go();
    expect(links.map((link) => link.mentor)).toEqual([{ firstName: 'Marcus', lastName: 'Bellamy', email: mentor.email }]);
  });
});
