import { handler as steps } from '../../../functions/http/step/handler';
import { handler as groups } from '../../../functions/http/user-group/handler';
import { DEMO_INSTANCE_IDS as ids } from '../../../functions/db/seed/demo-tracks';
import { DEMO_LOCATION_IDS as places } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { getLocation } from '../../../functions/db/access/location-store';
import { DECIDED_BY_VOTE } from '../../../functions/core/step-work/step-work';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { CONFLICT_REASONS, VOTE_GROUP_OF_TRACK, VOTE_NOT_OPEN, VOTE_ONLY_CHAIR, VOTE_QUORUM_NOT_MET, VOTE_RECUSED, VOTE_RULE_REQUIRED, type CommitteeVoteView } from '../../../shared/schemas/committee-vote';
import type { ActionInstanceView, StepInstancePage } from '../../../shared/schemas/step-instance';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { pendingNotificationsFor } from '../../support/notifications';
import { cookieFor, cookieForUser, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { entriesOf } from '../../support/audit-entries';
import { withCountedRequests } from '../../support/dynamo';

/**
 * Committee votes (issue 26, items 1 and 2) through the routes: the Candidacy Pathway's call-story
 * approval becomes a Committee Vote of an interview group of 27 (a chair, 23 voters, three members
 * with a conflict and one with a near miss of each rule), three-fourths of members present, quorum 3.
 */
const ACTION = 'demo-action-instance-call-story';
const CONTENT = 'demo-content-instance-call-story';
const PARTICIPANT = 'participant@example.org';
const ADMIN = 'conference.admin@example.org';
const interviewerRole = systemRoleByName('Interviewer').id;

const cookies = new Map<string, string>();
const cookieOf = async (userId: string) => cookies.get(userId) ?? cookies.set(userId, await cookieForUser(userId)).get(userId)!;
const as = async (userId: string, path: string, options: { method?: string; body?: unknown } = {}) => invoke(steps, path, { ...options, cookie: await cookieOf(userId) });
const voteOf = (page: StepInstancePage): ActionInstanceView & { vote: CommitteeVoteView } => page.actions.find((a) => a.id === ACTION) as never;
const page = async (userId: string) => (await as(userId, `/api/step/step-instance/${ids.callStoryStep}`)).body as StepInstancePage;
const post = (userId: string, verb: string, body: unknown) => as(userId, `/api/step/instance/action/${ACTION}/${verb}`, { method: 'POST', body });

let chair: string;
let voters: string[];
let mentorMember: string;
let churchMember: string;
let advisorId: string;
let outsider: string;
let participantId: string;
let groupId: string;
let otherTrackGroupId: string;

async function interviewer(firstName: string, lastName: string) {
  return putTestUser({ firstName, lastName, locationId: places.conference1, role: 'Interviewer' });
}

async function membership(userId: string, churchId: string, active = true) {
  const church = (await getLocation(churchId))!;
  await db().entities.churchMembership.put({ userId, membershipId: `m-${userId}-${churchId}`, churchId, churchName: church.name, ancestorIds: church.ancestorIds, active, primary: false, constituent: true }).go();
}

async function stepTemplate() {
  return (await as(chair, `/api/step/step-template/${ids.callStoryTemplate}`, {})).body;
}

async function saveAction(action: Record<string, unknown>) {
  const admin = await cookieFor(ADMIN);
  const current = (await invoke(steps, `/api/step/step-template/${ids.callStoryTemplate}`, { cookie: admin })).body;
  return invoke(steps, '/api/step/update-step-template', {
    method: 'POST', cookie: admin,
    body: { ...current, id: current.id, version: current.version, attachments: [], contents: current.contents, actions: [{ id: current.actions[0].id, name: 'Committee vote', roleId: current.actions[0].roleId, ...action }] },
  });
}

beforeAll(async () => {
  await seedDemo();
  participantId = demoUser(PARTICIPANT).id;
  advisorId = demoUser('advisor@example.org').id;
  chair = await interviewer('Clara', 'Chair');
  voters = [];
  for (let i = 0; i < 23; i++) voters.push(await interviewer('Voter', `V${String(i).padStart(2, '0')}`));
  mentorMember = await interviewer('Mona', 'Mentor');
  churchMember = await interviewer('Chad', 'Church');
  outsider = await interviewer('Otto', 'Outsider');
  // The advisor also interviews (they may sit on the committee), and is the participant's advisor: a conflict.
  await db().entities.userRole.put({ userId: advisorId, roleId: interviewerRole, roleName: 'Interviewer', createdAt: new Date().toISOString() }).go();
  await db().entities.permission.put({ userId: advisorId, permissionId: 'advisor-conf', entity: 'Conference', entityId: places.conference1, ancestorIds: (await getLocation(places.conference1))!.ancestorIds, primary: false }).go();
  const mentee = demoUser('mentor@example.org');
  await db().entities.mentorAssignment.put({ userId: participantId, mentorId: mentorMember, mentee: { firstName: 'Priya', lastName: 'Raman', email: PARTICIPANT }, mentor: { firstName: 'Mona', lastName: 'Mentor', email: 'mona@example.org' } }).go();
  // Near misses, the other side of each rule: a voter who mentors someone else, one at another church, one whose membership at the home church ended.
  await db().entities.mentorAssignment.put({ userId: mentee.id, mentorId: voters[0], mentee: { firstName: 'Marcus', lastName: 'Bell', email: 'mentor@example.org' }, mentor: { firstName: 'Voter', lastName: 'V00', email: 'v00@example.org' } }).go();
  await membership(churchMember, places.church1);
  await membership(voters[1], 'loc-mount-hope-church');
  await membership(voters[2], places.church1, false);
  const admin = await cookieFor(ADMIN);
  const created = await invoke(groups, '/api/user-group', {
    method: 'POST', cookie: admin,
    body: { trackTemplateId: ids.trackTemplate, name: 'District Committee on Ordained Ministry', description: '', conferenceId: places.conference1, users: [chair, ...voters, mentorMember, churchMember, advisorId].map((id) => ({ id })), chairId: chair },
  });
  expect(created.status).toBe(201);
  expect(created.body.chair).toMatchObject({ id: chair, firstName: 'Clara' });
  groupId = created.body.id;
  const copy = await invoke(groups, '/api/user-group', { method: 'POST', cookie: admin, body: { trackTemplateId: 'demo-track-licensing', name: 'Elsewhere', conferenceId: places.conference1, users: [] } });
  otherTrackGroupId = copy.body?.id ?? 'no-such-group';
  // The participant writes the call story: the content is done, so the vote may open.
  const before = await page(participantId);
  const task = before.contents.find((c) => c.id === CONTENT)!;
  expect((await as(participantId, `/api/step/instance/content/${CONTENT}`, { method: 'PATCH', body: { instanceType: 'Task', version: task.version, completed: true } })).status).toBe(200);
});

describe('a Committee Vote in the step editor', () => {
  it('needs its rule, names a group of its own track, and is saved with it', async () => {
    const missing = await saveAction({ type: 'Committee Vote' });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors['actions.0.vote']).toEqual([VOTE_RULE_REQUIRED]);
    const foreign = await saveAction({ type: 'Committee Vote', vote: { userGroupId: otherTrackGroupId, quorum: 3, majority: 'threeFourths', base: 'present' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fieldErrors['actions.0.vote.userGroupId']).toEqual([VOTE_GROUP_OF_TRACK]);
    const saved = await saveAction({ type: 'Committee Vote', vote: { userGroupId: groupId, quorumKind: 'count', quorum: 3, majority: 'threeFourths', base: 'present' } });
    expect(saved.status).toBe(200);
    expect(saved.body.actions[0]).toMatchObject({ type: 'Committee Vote', vote: { userGroupId: groupId, quorumKind: 'count', quorum: 3, majority: 'threeFourths', base: 'present' } });
    expect((await stepTemplate()).actions[0].vote).toMatchObject({ userGroupId: groupId });
  });
});

describe('the vote on the step', () => {
  it('shows members the vote (a member who may not open the enrolment included), never the participant, and nobody else', async () => {
    const member = voteOf(await page(voters[3]));
    expect(member.vote).toMatchObject({ state: 'notOpened', isChair: false, canVote: false, ballots: null, tally: null, group: { id: groupId, chair: { id: chair } } });
    expect(member.vote.mine).not.toBeNull();
    expect(member.canDecide).toBe(false);
    expect(voteOf(await page(chair)).vote.isChair).toBe(true);
    expect(voteOf(await page(participantId))).toMatchObject({ type: 'Committee Vote', vote: null, approved: null });
    expect((await as(outsider, `/api/step/step-instance/${ids.callStoryStep}`)).status).toBe(403);
    // Approve and Deny never decide a committee vote.
    const admin = await cookieFor(ADMIN);
    const decided = await invoke(steps, `/api/step/instance/action/${ACTION}/true`, { method: 'PATCH', cookie: admin, body: { version: member.version } });
    expect(decided.status).toBe(409);
    expect(decided.body.message).toBe(DECIDED_BY_VOTE);
  });

  it('opens by its chair only, recusing the mentor, the advisor and the home-church member and telling them why; the near misses vote', async () => {
    const { version } = voteOf(await page(chair));
    const notChair = await post(voters[3], 'open-vote', { version });
    expect(notChair.status).toBe(403);
    expect(notChair.body.message).toBe(VOTE_ONLY_CHAIR);
    const { result: opened, counted } = await withCountedRequests(() => post(chair, 'open-vote', { version }));
    if (process.env.REPORT_VOTE_COST) console.info('open', counted);
    expect(opened.status).toBe(200);
    expect(voteOf(opened.body).vote).toMatchObject({ state: 'open', memberCount: 27, votedCount: 0 });
    expect((await post(chair, 'open-vote', { version: voteOf(opened.body).version })).status).toBe(409);
    const recusal = async (userId: string) => voteOf(await page(userId)).vote;
    expect(await recusal(mentorMember)).toMatchObject({ canVote: false, mine: { choice: 'Recused', reason: CONFLICT_REASONS.mentor, automatic: true } });
    expect(await recusal(advisorId)).toMatchObject({ canVote: false, mine: { choice: 'Recused', reason: CONFLICT_REASONS.advisor, automatic: true } });
    expect(await recusal(churchMember)).toMatchObject({ canVote: false, mine: { choice: 'Recused', reason: CONFLICT_REASONS.church, automatic: true } });
    for (const nearMiss of voters.slice(0, 3)) expect(await recusal(nearMiss)).toMatchObject({ canVote: true, mine: { choice: null } });
    expect((await pendingNotificationsFor(mentorMember)).some((m) => m.includes(`You are recused`) && m.includes(CONFLICT_REASONS.mentor))).toBe(true);
    expect((await pendingNotificationsFor(voters[4])).some((m) => m.includes('is open'))).toBe(true);
    const refused = await post(mentorMember, 'vote', { choice: 'Approve' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(VOTE_RECUSED);
  });

  it('refuses a close without the quorum and keeps the vote open', async () => {
    expect((await post(voters[0], 'vote', { choice: 'Approve' })).status).toBe(200);
    const { version } = voteOf(await page(chair));
    const early = await post(chair, 'close-vote', { version, minutes: 'Too few present.' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(VOTE_QUORUM_NOT_MET);
    expect(voteOf(await page(chair)).vote.state).toBe('open');
  });

  it('shows choices only after voting; a member may change their vote and recuse; the participant cannot vote', async () => {
    const before = voteOf(await page(voters[5])).vote;
    expect(before).toMatchObject({ ballots: null, tally: null, votedCount: 1 });
    const voted = voteOf((await post(voters[5], 'vote', { choice: 'Deny', note: 'Not yet ready.' })).body).vote;
    expect(voted.tally).toMatchObject({ approve: 1, deny: 1, recused: 3 });
    expect(voted.ballots!.find((b) => b.user.id === voters[5])).toMatchObject({ choice: 'Deny', note: 'Not yet ready.' });
    const { result: change, counted } = await withCountedRequests(() => post(voters[5], 'vote', { choice: 'Approve' }));
    const changed = voteOf(change.body).vote;
    // A vote: the session, the action's place, its step, enrolment, design, group and ballots read, a 2-item transaction, the page read back.
    if (process.env.REPORT_VOTE_COST) console.info('one vote', counted);
    expect(counted.requests).toBeLessThanOrEqual(16);
    expect(changed.mine).toMatchObject({ choice: 'Approve' });
    expect(changed.mine).not.toHaveProperty('note');
    const recused = voteOf((await post(voters[6], 'recuse', { reason: 'I taught the candidate.' })).body).vote;
    expect(recused).toMatchObject({ canVote: false, mine: { choice: 'Recused', reason: 'I taught the candidate.' } });
    expect((await post(voters[6], 'vote', { choice: 'Approve' })).status).toBe(409);
    expect((await post(participantId, 'vote', { choice: 'Approve' })).status).toBe(403);
    expect((await post(voters[7], 'recuse', { reason: '' })).status).toBe(400);
  });

  it('loses no vote when the other members vote at once, and two closes at once decide it once', async () => {
    // Voters 0 and 5 approve, 6 recused; the 20 others at once: 14 Approve, 5 Deny, 1 Abstain.
    const rest = voters.filter((_, i) => ![0, 5, 6].includes(i));
    const choices = rest.map((_, i) => (i < 14 ? 'Approve' : i < 19 ? 'Deny' : 'Abstain'));
    for (const userId of rest) await cookieOf(userId);
    const answers = await Promise.all(rest.map((userId, i) => post(userId, 'vote', { choice: choices[i] })));
    expect(answers.map((a) => a.status)).toEqual(rest.map(() => 200));
    const tally = voteOf(await page(voters[0])).vote.tally!;
    expect(rest).toHaveLength(20);
    // Present 22: Approve 16 of 22 (0.73) misses three-fourths of members present.
    expect(tally).toMatchObject({ approve: 16, deny: 5, abstain: 1, recused: 4, eligible: 23, present: 22, quorumMet: true, outcome: 'denied' });
    // One Deny becomes Approve: 17 of 22 (0.77) carries it.
    expect((await post(rest[14], 'vote', { choice: 'Approve' })).status).toBe(200);
    const { version } = voteOf(await page(chair));
    const { result: closes, requests, counted: closeCost } = await withCountedRequests(() => Promise.all([post(chair, 'close-vote', { version, minutes: 'Licensed for ministry.' }), post(chair, 'close-vote', { version, minutes: 'Licensed for ministry.' })]));
    expect(closes.map((c) => c.status).sort()).toEqual([200, 409]);
    if (process.env.REPORT_VOTE_COST) console.info('two closes at once', closeCost);
    expect(requests).toBeGreaterThan(0);
    const closed = voteOf(await page(voters[3]));
    expect(closed).toMatchObject({ approved: true, vote: { state: 'closed', minutes: 'Licensed for ministry.', tally: { approve: 17, deny: 4, abstain: 1, recused: 4, outcome: 'approved' }, closedBy: { id: chair } } });
    expect(closed.vote.ballots).toHaveLength(27);
    const history = await entriesOf(`TrackInstance#${ids.trackInstance}`);
    expect(history.filter((e) => e.action === 'enrolment.action.approved' && JSON.stringify(e.changes).includes('Committee vote'))).toHaveLength(1);
    expect(history.filter((e) => e.action === 'enrolment.vote.closed')).toHaveLength(1);
    expect(JSON.stringify(history)).not.toContain('Not yet ready.');
  });

  it('after the close: no vote is taken, the participant sees only the outcome', async () => {
    const late = await post(voters[19], 'vote', { choice: 'Deny' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(VOTE_NOT_OPEN);
    const seen = voteOf(await page(participantId));
    expect(seen).toMatchObject({ approved: true, vote: null });
    expect(JSON.stringify(seen)).not.toContain('Licensed for ministry.');
    expect((await pendingNotificationsFor(participantId)).some((m) => m.includes('Committee vote on Share your call story was approved.'))).toBe(true);
  });
});
