import { loadUserAggregate } from '../../../functions/db/access/user-aggregate';
import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS as places } from '../../../functions/db/seed/demo-organisation';
import { DEMO_INSTANCE_IDS as ids } from '../../../functions/db/seed/demo-tracks';
import { authContextOf, type AuthContext } from '../../../functions/core/session/resolve-session';
import { chainIdOf } from '../../../functions/core/records/audit-write';
import { enrol } from '../../../functions/core/enrolments/enrol';
import { setInstanceStatus } from '../../../functions/core/enrolments/instance-status';
import { removeInstance } from '../../../functions/core/enrolments/instance-remove';
import { findInstance } from '../../../functions/core/enrolments/instance-access';
import { changeAssignments } from '../../../functions/core/participants/assignments';
import { startParticipantsBulk } from '../../../functions/core/participants/participants-bulk';
import { changeContent, decideAction, setStepStatus } from '../../../functions/core/step-work/step-work';
import { saveFormAnswers, unsubmitForm } from '../../../functions/core/step-work/form-instances';
import { mergeUsers } from '../../../functions/core/people/merge/merge-users';
import { checkAudit } from '../../../bin/maintenance/audit-check';
import { handler as audit } from '../../../functions/http/audit/handler';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { settle } from '../../support/settle';

/**
 * Issue 25's coverage of enrolments and the work on steps: each write makes exactly one entry in
 * the enrolment's History, in its own transaction, with the actor, action, kind and before/after;
 * a stale write (409) makes none; private content and form answers are never copied. Merges leave
 * one entry in each person's History. The stream then chains them and check:audit agrees.
 */
let superadmin: AuthContext;
let conferenceAdmin: AuthContext;
let advisor: AuthContext;
let participant: AuthContext;

async function callerOf(email: string): Promise<AuthContext> {
  return authContextOf((await loadUserAggregate(demoUser(email).id, { consistent: true }))!, { sessionId: 'test-session', secondFactor: true });
}

async function entriesOf(chain: string) {
  const { data } = await db().entities.auditEntry.query.byChain({ chainId: chain }).go({ consistent: true, limit: 200 });
  return data;
}

/** Runs the write and returns the entries it added to the chain (exactly the new ones). */
async function added(chain: string, write: () => Promise<unknown>) {
  const before = new Set((await entriesOf(chain)).map((entry) => entry.entryId));
  await write();
  return (await entriesOf(chain)).filter((entry) => !before.has(entry.entryId));
}

const enrolment = (id: string) => chainIdOf('TrackInstance', id);
const demo = enrolment(ids.trackInstance);
const stepOf = async (stepInstanceId: string) => (await db().entities.stepInstance.get({ trackInstanceId: ids.trackInstance, stepInstanceId }).go({ consistent: true })).data!;
const contentOf = async (stepInstanceId: string) => (await db().entities.stepContentInstance.query.byInstance({ trackInstanceId: ids.trackInstance, stepInstanceId }).go({ consistent: true })).data[0];

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin, advisor, participant] = await Promise.all(['superadmin@example.org', 'conference.admin@example.org', 'advisor@example.org', 'participant@example.org'].map(callerOf));
});

describe('the work on steps', () => {
  it('a task ticked, a stale tick, the advisor approving: one entry each with the step and the enrolment it moved', async () => {
    const content = await contentOf(ids.callStoryStep);
    const [ticked] = await added(demo, () => changeContent(participant, content.contentInstanceId, { instanceType: 'Task', completed: true, version: content.version } as never));
    expect(ticked).toMatchObject({ actorId: participant.userId, action: 'enrolment.task.completed', kind: 'content', subject: `${participant.user.firstName} ${participant.user.lastName} — Candidacy Pathway`, auditScope: places.conference1 });
    expect(ticked.changes).toEqual([
      { field: 'Share your call story / Call story', before: 'not done', after: 'done' },
      { field: 'Share your call story / status', before: 'Ready', after: 'PendingReview' },
    ]);
    expect(ticked.scopeIds).toEqual(expect.arrayContaining([places.conference1, places.district1]));
    // The version read before: 409, and nothing recorded.
    const stale = await added(demo, () => expect(changeContent(participant, content.contentInstanceId, { instanceType: 'Task', completed: false, version: content.version } as never)).rejects.toMatchObject({ status: 409 }));
    expect(stale).toHaveLength(0);

    const action = (await db().entities.stepActionInstance.query.byInstance({ trackInstanceId: ids.trackInstance, stepInstanceId: ids.callStoryStep }).go({ consistent: true })).data[0];
    const [approved] = await added(demo, () => decideAction(advisor, action.actionInstanceId, true, action.version));
    expect(approved).toMatchObject({ actorId: advisor.userId, action: 'enrolment.action.approved', kind: 'actions' });
    expect(approved.changes).toEqual([
      { field: 'Share your call story / Advisor approval', before: 'pending', after: 'approved' },
      { field: 'Share your call story / status', before: 'PendingReview', after: 'Completed' },
    ]);
  });

  it('an override sets a step open; private content is recorded only as changed', async () => {
    const step = await stepOf(ids.interviewStep);
    const [opened] = await added(demo, () => setStepStatus(conferenceAdmin, ids.interviewStep, 'Ready', step.version));
    expect(opened).toMatchObject({ actorId: conferenceAdmin.userId, action: 'enrolment.step.status.set', kind: 'status', changes: [{ field: 'Readiness interview / status', before: 'Unavailable', after: 'Ready' }] });

    const notes = await contentOf(ids.interviewStep);
    const [privately] = await added(demo, () => changeContent(advisor, notes.contentInstanceId, { instanceType: 'Task', completed: true, version: notes.version } as never));
    expect(privately).toMatchObject({ action: 'enrolment.private.changed', kind: 'content' });
    expect(privately.changes[0]).toEqual({ field: 'Readiness interview / Interview notes', changed: true });
    // Its state is as hidden here as on the step page: no done, no task.
    expect(JSON.stringify(privately)).not.toMatch(/"done"|task\.completed|Record the interview/);
  });

  it('a form saved, submitted and unsubmitted: which form and that it was submitted, never an answer', async () => {
    const secret = 'Confided: a family matter nobody else knows';
    const form = (await db().entities.formInstance.get({ trackInstanceId: ids.trackInstance, formInstanceId: ids.questionnaireForm }).go({ consistent: true })).data!;
    const answers = { 'legal-name': 'Paula Participant', 'birth-date': '1992-05-14', call: secret, language: 'English', confirm: true };
    const [saved] = await added(demo, () => saveFormAnswers(participant, ids.questionnaireForm, { data: answers, submitted: false, version: form.version }));
    expect(saved).toMatchObject({ action: 'enrolment.form.saved', kind: 'content', changes: [{ field: expect.stringMatching(/^Background questionnaire \/ .+ answers$/), changed: true }] });
    const stale = await added(demo, () => expect(saveFormAnswers(participant, ids.questionnaireForm, { data: answers, submitted: true, version: form.version })).rejects.toMatchObject({ status: 409 }));
    expect(stale).toHaveLength(0);
    const [submitted] = await added(demo, () => saveFormAnswers(participant, ids.questionnaireForm, { data: answers, submitted: true, version: form.version + 1 }));
    expect(submitted).toMatchObject({ action: 'enrolment.form.submitted', kind: 'content' });
    expect(submitted.changes).toEqual(expect.arrayContaining([{ field: 'Background questionnaire / Questionnaire', before: 'not submitted', after: 'submitted' }, { field: 'Background questionnaire / status', before: 'Ready', after: 'PendingReview' }]));
    const [unsubmitted] = await added(demo, () => unsubmitForm(conferenceAdmin, ids.questionnaireForm));
    expect(unsubmitted).toMatchObject({ actorId: conferenceAdmin.userId, action: 'enrolment.form.unsubmitted', changes: expect.arrayContaining([{ field: 'Background questionnaire / Questionnaire', before: 'submitted', after: 'not submitted' }]) });
    for (const entry of await entriesOf(demo)) expect(JSON.stringify(entry)).not.toMatch(/family matter|1992-05-14/);
  });
});

describe('enrolments', () => {
  it('enrolled, assigned, status changed (stale: none), removed: one entry each', async () => {
    const userId = await putTestUser({ firstName: 'Enid', lastName: 'Enrolled', locationId: places.district1 });
    const outcome = (await enrol(conferenceAdmin, { trackId: ids.trackTemplate, participantIds: [userId], advisorIds: [advisor.userId] })) as { trackInstanceIds: string[] };
    const id = outcome.trackInstanceIds[0];
    const [created] = await entriesOf(enrolment(id));
    expect(created).toMatchObject({ actorId: conferenceAdmin.userId, action: 'enrolment.created', kind: 'enrolment', subject: 'Enid Enrolled — Candidacy Pathway', auditScope: places.conference1 });
    expect(created.changes).toEqual([{ field: 'track', after: 'Candidacy Pathway' }, { field: 'status', after: 'Open' }, { field: 'Advisor', after: `${advisor.user.firstName} ${advisor.user.lastName}` }]);

    const interviewer = demoUser('interviewer@example.org').id;
    const [assigned] = await added(enrolment(id), () => changeAssignments(conferenceAdmin, id, { roleId: 'role-interviewer', field: 'assigneeIds', ids: [interviewer], next: (current) => [...current, interviewer] }));
    expect(assigned).toMatchObject({ action: 'enrolment.assignee.added', kind: 'assignees', changes: [{ field: 'Interviewer', after: expect.any(String) }] });
    const [unassigned] = await added(enrolment(id), () => changeAssignments(conferenceAdmin, id, { roleId: 'role-interviewer', field: 'assigneeIds', ids: [], next: () => [] }));
    expect(unassigned).toMatchObject({ action: 'enrolment.assignee.removed', changes: [{ field: 'Interviewer', before: expect.any(String) }] });

    const version = (await findInstance(id))!.version;
    const [withdrawn] = await added(enrolment(id), () => setInstanceStatus(advisor, { id, status: 'Withdrawn', version }));
    expect(withdrawn).toMatchObject({ actorId: advisor.userId, action: 'enrolment.status.changed', kind: 'status', changes: [{ field: 'status', before: 'Open', after: 'Withdrawn' }] });
    expect(await added(enrolment(id), () => expect(setInstanceStatus(advisor, { id, status: 'Discontinued', version })).rejects.toMatchObject({ status: 409 }))).toHaveLength(0);

    const [removed] = await added(enrolment(id), () => removeInstance(conferenceAdmin, { id, version: version + 1 }));
    expect(removed).toMatchObject({ action: 'enrolment.removed', kind: 'enrolment', changes: [{ field: 'status', before: 'Withdrawn' }] });
  });

  it("the participants table's bulk status change: one entry per enrolment, by the job for the admin who started it", async () => {
    const people = await Promise.all(['One', 'Two'].map((lastName) => putTestUser({ firstName: 'Bulk', lastName, locationId: places.district1 })));
    const { trackInstanceIds } = (await enrol(conferenceAdmin, { trackId: ids.trackTemplate, participantIds: people, advisorIds: [advisor.userId] })) as { trackInstanceIds: string[] };
    const rows = await Promise.all(trackInstanceIds.map(async (id) => ({ id, version: (await findInstance(id))!.version })));
    const { jobId } = await startParticipantsBulk(conferenceAdmin, ids.trackTemplate, { action: 'setStatus', status: 'Discontinued', rows } as never);
    await settle();
    for (const id of trackInstanceIds) {
      const changed = (await entriesOf(enrolment(id))).filter((entry) => entry.action === 'enrolment.status.changed');
      expect(changed).toHaveLength(1);
      expect(changed[0]).toMatchObject({ actorId: `job:${jobId}`, onBehalfOf: conferenceAdmin.userId, changes: [{ field: 'status', before: 'Open', after: 'Discontinued' }] });
    }
  });
});

describe('merges', () => {
  it("one entry in each person's History, in the merge's transaction", async () => {
    const [from, to] = await Promise.all(['Robbie', 'Robert'].map((firstName) => putTestUser({ firstName, lastName: 'Merged', locationId: places.church1 })));
    const { jobId } = await mergeUsers(superadmin, { fromUserId: from, toUserId: to, firstName: 'Robert', lastName: 'Merged' });
    const [into] = await entriesOf(chainIdOf('User', from));
    expect(into).toMatchObject({ actorId: superadmin.userId, action: 'user.merged.into', kind: 'merge' });
    expect(into.changes).toEqual(expect.arrayContaining([{ field: 'merged into', after: expect.stringContaining('Robert Merged') }, { field: 'status', before: 'active', after: 'inactive' }, { field: 'job', after: jobId }]));
    const [intoTarget] = await entriesOf(chainIdOf('User', to));
    expect(intoTarget).toMatchObject({ action: 'user.merged.from', kind: 'merge', changes: expect.arrayContaining([{ field: 'merged from', after: expect.stringContaining('Robbie Merged') }]) });
    // A second merge of the same source is refused and records nothing.
    expect(await added(chainIdOf('User', from), () => expect(mergeUsers(superadmin, { fromUserId: from, toUserId: to, firstName: 'Robert', lastName: 'Merged' })).rejects.toBeTruthy())).toHaveLength(0);
  });
});

describe("an enrolment's History", () => {
  const history = (cookie: string, id: string) => invoke(audit, `/api/audit/history/TrackInstance/${id}`, { cookie });

  it('is read by the advisor and a track administrator in reach; refused to the participant, an interviewer and outsiders', async () => {
    const [admin, advisorCookie, participantCookie, interviewerCookie, districtAdmin] = await Promise.all(
      ['conference.admin@example.org', 'advisor@example.org', 'participant@example.org', 'interviewer@example.org', 'district.admin@example.org'].map(cookieFor),
    );
    const page = await history(admin, ids.trackInstance);
    expect(page.status).toBe(200);
    expect((page.body as { data: Array<{ chainKind: string }> }).data[0]).toMatchObject({ chainKind: 'TrackInstance', recordId: ids.trackInstance });
    expect((await history(advisorCookie, ids.trackInstance)).status).toBe(200);
    // The participant holds the power nowhere: refused before anything is read, whatever the id.
    expect((await history(participantCookie, ids.trackInstance)).status).toBe(403);
    expect((await history(participantCookie, 'no-such-enrolment')).status).toBe(403);
    expect((await history(interviewerCookie, ids.trackInstance)).status).toBe(403);
    expect((await history(admin, 'no-such-enrolment')).status).toBe(404);
    // Someone else's enrolment in another district: unseen, 404.
    const far = await putTestUser({ firstName: 'Far', lastName: 'Enrolled', locationId: places.district3 });
    const { trackInstanceIds } = (await enrol(superadmin, { trackId: ids.trackTemplate, participantIds: [far], advisorIds: [advisor.userId] })) as { trackInstanceIds: string[] };
    expect((await history(districtAdmin, trackInstanceIds[0])).status).toBe(404);
    expect((await history(districtAdmin, ids.trackInstance)).status).toBe(200);
  });
});

describe('sealing', () => {
  it('the stream seals every entry written here and check:audit finds nothing wrong', async () => {
    await settle();
    const report = await checkAudit();
    expect(report.findings).toEqual([]);
    expect(report.entries).toBeGreaterThan(15);
  });
});
