import { trackParts } from '../../core/enrolments/template-parts';
import { responsibleRoles } from '../../core/tracks/responsible-roles';
import { authContextOf, type AuthContext } from '../../core/session/resolve-session';
import { enrol } from '../../core/enrolments/enrol';
import { enrolmentClaim } from '../../core/enrolments/enrol-writes';
import { instancePartId, stepInstanceIdOf } from '../../core/enrolments/instance-items';
import { changeContent, decideAction, setStepStatus } from '../../core/step-work/step-work';
import { changeAssignments } from '../../core/participants/assignments';
import { ASSIGNEE_ROLE_IDS } from '../../../shared/schemas/participants';
import { sweepOverdueSteps } from '../../core/reminders/overdue-sweep';
import { sendOverdueDigests } from '../../core/reminders/overdue-digest-job';
import { dueIndexFields } from '../../core/step-indexes/step-due';
import { reminderFields } from '../../core/step-indexes/reminder-index';
import { saveFormAnswers } from '../../core/step-work/form-instances';
import { addComments } from '../../core/people/user-comments';
import { placeHold } from '../../core/retention/legal-holds';
import { projectUser } from '../../core/users/user-projector';
import { loadUserAggregate } from '../access/user-aggregate';
import { db } from '../service';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { demoLocation, DEMO_LOCATION_IDS } from './demo-organisation';
import { demoUserByRole } from './demo-people';
import { DEMO_INSTANCE_IDS as ids } from './demo-tracks';
import { COMMITTEE_MEMBERS, runDistrictCommittee, seedDistrictCommittee } from './demo-committee';
import { seedDemoTransfer } from './demo-transfers';

/**
 * The living part of the demo (`npm start` and `npm run seed`, not the tests' plain demo):
 * three more candidates in Foothills District, who never sign in, enrolled in Candidacy
 * Pathway with the demo advisor through the real `enrol()` (Sofia also with the demo interviewer), then moved along by the real step
 * and form functions as the participants, the advisor and the conference admin would: every
 * status shows somewhere (Ready, Pending Review, Completed, Resubmit, Overdue, and Unavailable
 * waiting for the questionnaire), with form answers, a profile comment, a legal hold on Daniel's enrolment, and the bell
 * notifications those writes send (and today's escalation digest of the late transcript) (their outbox items are delivered by the runtime's worker).
 * Seeding again changes nothing: the stage is skipped once the first candidate is enrolled.
 */
export const LIVING_CANDIDATES = [
  { id: 'demo-candidate-grace', firstName: 'Grace', lastName: 'Mbeki', email: 'grace.mbeki@example.org' },
  { id: 'demo-candidate-daniel', firstName: 'Daniel', lastName: 'Park', email: 'daniel.park@example.org' },
  { id: 'demo-candidate-sofia', firstName: 'Sofia', lastName: 'Reyes', email: 'sofia.reyes@example.org' },
] as const;

const ANSWERS = (name: string) => ({ 'legal-name': name, 'birth-date': '1992-05-14', call: 'A call that grew over years of serving in my church.', language: 'English', confirm: true });

async function authOf(userId: string): Promise<AuthContext> {
  const aggregate = await loadUserAggregate(userId, { consistent: true });
  if (!aggregate) throw new Error(`Demo user ${userId} is missing`);
  return authContextOf(aggregate, { sessionId: 'demo-seed', secondFactor: true });
}

async function seedCandidates(seededAt: string): Promise<void> {
  const district = demoLocation(DEMO_LOCATION_IDS.district1);
  const participant = systemRoleByName('Participant');
  const entities = db().entities;
  await Promise.all(
    LIVING_CANDIDATES.map(async (person) => {
      await Promise.all([
        entities.user.put({ userId: person.id, firstName: person.firstName, lastName: person.lastName, email: person.email, createdAt: seededAt }).go(),
        entities.userEmail.put({ email: person.email, userId: person.id, createdAt: seededAt }).go(),
        entities.userRole.put({ userId: person.id, roleId: participant.id, roleName: participant.name, createdAt: seededAt }).go(),
        entities.permission
          .put({ userId: person.id, permissionId: `${person.id}-permission-1`, entity: 'District', entityId: district.locationId, ancestorIds: district.ancestorIds, primary: true, createdAt: seededAt })
          .go(),
      ]);
      await projectUser(person.id);
    }),
  );
}

/** One enrolment's ids, derived as enrolment derives them. */
function partsOf(instance: { trackInstanceId: string; createdAt: string }) {
  const step = (templateId: string) => stepInstanceIdOf(instance, templateId);
  return {
    callStory: { step: step(ids.callStoryTemplate), content: instancePartId(instance, 'demo-content-call-story'), action: instancePartId(instance, 'demo-action-call-story') },
    transcript: step(ids.transcriptTemplate),
    questionnaire: { step: step(ids.questionnaireTemplate), form: instancePartId(instance, 'form', 'demo-content-questionnaire'), action: instancePartId(instance, 'demo-action-questionnaire') },
    interview: { step: step(ids.interviewTemplate), content: instancePartId(instance, 'demo-content-interview') },
  };
}

const stepVersion = async (trackInstanceId: string, stepInstanceId: string) => (await db().entities.stepInstance.get({ trackInstanceId, stepInstanceId }).go({ consistent: true })).data!.version;

export async function seedParticipation(seededAt: string): Promise<void> {
  const [first] = LIVING_CANDIDATES;
  const { data: held } = await db().entities.claim.get(enrolmentClaim(ids.trackTemplate, first.id)).go({ consistent: true });
  if (held) return;
  await seedCandidates(seededAt);
  // The transcript is due a day after it opens; Grace's is dated back below, so the sweep finds it late.
  await db().entities.stepTemplate.patch({ trackTemplateId: ids.trackTemplate, phaseId: ids.discernmentPhase, stepTemplateId: ids.transcriptTemplate }).set({ dueDays: 1 }).go();

  const [admin, advisor, grace, daniel, sofia] = await Promise.all([
    authOf(demoUserByRole('ConferenceAdmin').id),
    authOf(demoUserByRole('Advisor').id),
    ...LIVING_CANDIDATES.map((person) => authOf(person.id)),
  ]);
  const committeeStep = await seedDistrictCommittee(admin, seededAt);
  const outcome = await enrol(admin, { trackId: ids.trackTemplate, participantIds: LIVING_CANDIDATES.map((person) => person.id), advisorIds: [advisor.userId] });
  if (!('trackInstanceIds' in outcome)) throw new Error('The demo track should enrol in one transaction');
  const instances = await Promise.all(outcome.trackInstanceIds.map(async (trackInstanceId) => (await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true })).data!));
  const [g, d, s] = instances.map(partsOf);
  const [, di, si] = instances.map((instance) => instance.trackInstanceId);

  // Each candidate's story runs beside the others' (separate enrolments, nothing shared).
  await Promise.all([
    (async () => {
      // Grace: call story approved (Completed), questionnaire handed in (Pending Review), transcript late (Overdue), interview waiting.
      await changeContent(grace, g.callStory.content, { instanceType: 'Task', version: 1, completed: true });
      await decideAction(advisor, g.callStory.action, true, 1);
      await saveFormAnswers(grace, g.questionnaire.form, { data: ANSWERS('Grace Mbeki'), submitted: true, version: 1 });
    })(),
    (async () => {
      // Daniel: call story denied (Resubmit), questionnaire saved but not handed in (Ready), transcript accepted by the advisor.
      await changeContent(daniel, d.callStory.content, { instanceType: 'Task', version: 1, completed: true });
      await decideAction(advisor, d.callStory.action, false, 1);
      await saveFormAnswers(daniel, d.questionnaire.form, { data: ANSWERS('Daniel Park'), submitted: false, version: 1 });
      await setStepStatus(advisor, d.transcript, 'Completed', await stepVersion(di, d.transcript));
    })(),
    (async () => {
      // Sofia: call story and questionnaire approved, so the interview opened; the advisor recorded it and her signature is awaited.
      await changeContent(sofia, s.callStory.content, { instanceType: 'Task', version: 1, completed: true });
      await decideAction(advisor, s.callStory.action, true, 1);
      await saveFormAnswers(sofia, s.questionnaire.form, { data: ANSWERS('Sofia Reyes'), submitted: true, version: 1 });
      await decideAction(advisor, s.questionnaire.action, true, 1);
      await setStepStatus(advisor, s.transcript, 'Completed', await stepVersion(si, s.transcript));
      await changeContent(advisor, s.interview.content, { instanceType: 'Task', version: 1, completed: true });
      // The interview panel's interviewer sits in on Sofia's enrolment: they see her track, but not the advisor's private notes.
      const interviewerId = demoUserByRole('Interviewer').id;
      await changeAssignments(admin, si, { roleId: ASSIGNEE_ROLE_IDS.Interviewer, field: 'assigneeIds', ids: [interviewerId], next: (current) => [...current, interviewerId] });
    })(),
  ]);

  // As if Grace's transcript had opened ten days ago: its due date (and its place in the sweep's index) moves back,
  // and the real sweep, run now, marks it Overdue with a due date in the past, as a reader expects. Nine days late is
  // past the track's escalation period (7 days), so today's digest goes up to Foothills District's admin too.
  const graceInstance = instances[0].trackInstanceId;
  const lateDue = new Date(Date.now() - 9 * 24 * 3600_000).toISOString();
  await db()
    .entities.stepInstance.patch({ trackInstanceId: graceInstance, stepInstanceId: g.transcript })
    .set({ dueAt: lateDue, ...dueIndexFields('Ready', lateDue) })
    .add({ version: 1 })
    .go();
  await sweepOverdueSteps(new Date().toISOString());
  await sendOverdueDigests(new Date().toISOString());
  await addComments(admin, grace.userId, [{ type: 'Performance', comment: 'Strong call story; follow up on the transcript, which is late.' }]);
  // The Retention tab's legal holds and an enrolment's Lift legal hold: Daniel's denied call story is under appeal.
  await placeHold(admin, 'TrackInstance', di, { reason: 'Appeal of the call story decision before the Board of Ordained Ministry.', version: 0 });
  // The committee's chair also sits in on Grace's enrolment as its interviewer: her Assignments lead to the vote.
  const interviewerId = demoUserByRole('Interviewer').id;
  await changeAssignments(admin, instances[0].trackInstanceId, { roleId: ASSIGNEE_ROLE_IDS.Interviewer, field: 'assigneeIds', ids: [interviewerId], next: (current) => [...current, interviewerId] });
  const [chair, ...members] = await Promise.all([demoUserByRole('Interviewer').id, ...COMMITTEE_MEMBERS.map((m) => m.id)].map(authOf));
  await runDistrictCommittee(committeeStep, advisor, chair, members, instances[0], instances[2], sofia);
  await remindPriya();
  await seedDemoTransfer(await authOf(demoUserByRole('Superadmin').id), LIVING_CANDIDATES[1].email);
}

/**
 * The demo participant's steps are put straight into the table (./demo-tracks.ts, the tests' plain demo), so
 * the living demo gives her waiting steps the reminder schedule's entry enrolment would have given them:
 * waiting since the seed ran, reminded once the track's period has passed.
 */
async function remindPriya(): Promise<void> {
  const now = new Date().toISOString();
  const waiting = [ids.callStoryStep, ids.transcriptStep, ids.questionnaireStep];
  // And the roles completing each step, as enrolment copies them (the dashboard says whom a step waits on).
  const parts = await trackParts(ids.trackTemplate);
  await Promise.all(
    waiting.map(async (stepInstanceId) => {
      const { data: step } = await db().entities.stepInstance.get({ trackInstanceId: ids.trackInstance, stepInstanceId }).go({ consistent: true });
      const responsibleRoleIds = responsibleRoles(step!.stepTemplateId, parts);
      await db()
        .entities.stepInstance.patch({ trackInstanceId: ids.trackInstance, stepInstanceId })
        .set({ ...reminderFields('Ready', now, undefined), ...(responsibleRoleIds.length && { responsibleRoleIds }) })
        .add({ version: 1 })
        .go();
    }),
  );
}
