import { db } from '../../../functions/db/service';
import { LIVING_CANDIDATES, seedParticipation } from '../../../functions/db/seed/demo-participation';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { pendingNotifications } from '../../support/notifications';
import { chainIdOf } from '../../../functions/core/records/audit-write';
import { COMMITTEE_MEMBERS, COMMITTEE_STEP, DISTRICT_COMMITTEE } from '../../../functions/db/seed/demo-committee';
import { DEMO_TRANSFER_NOTE } from '../../../functions/db/seed/demo-transfers';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo-organisation';
import { approveTransfer } from '../../../functions/core/transfers/transfer-decision';
import { TRANSFER_MESSAGES } from '../../../shared/schemas/transfer';
import { callerOf } from '../../support/audit-entries';

/** The living demo (`npm start`): candidates moved along by the app's own functions, every status on show, once. */
const SEEDED_AT = '2025-01-06T15:00:00.000Z';

let committeeStep: string;

/** The candidate's step statuses by template, the District Committee's step as 'committee'. */
async function statusesOf(participantId: string): Promise<Record<string, string>> {
  const [instance] = (await db().entities.trackInstance.query.byParticipant({ participantId }).go()).data;
  const { data: steps } = await db().entities.stepInstance.query.byInstance({ trackInstanceId: instance.trackInstanceId }).go({ consistent: true });
  return Object.fromEntries(steps.map((step) => [step.stepTemplateId === committeeStep ? 'committee' : step.stepTemplateId, step.status]));
}

beforeAll(async () => {
  await seedDemo();
  await seedParticipation(SEEDED_AT);
  const { data: steps } = await db().entities.stepTemplate.query.byTrack({ trackTemplateId: DEMO_INSTANCE_IDS.trackTemplate }).go();
  committeeStep = steps.find((step) => step.name === COMMITTEE_STEP)!.stepTemplateId;
});

it('enrols three candidates through enrolment and moves their steps through every status', async () => {
  const [grace, daniel, sofia] = await Promise.all(LIVING_CANDIDATES.map((person) => statusesOf(person.id)));
  const ids = DEMO_INSTANCE_IDS;
  expect(grace).toEqual({ [ids.callStoryTemplate]: 'Completed', [ids.transcriptTemplate]: 'Overdue', [ids.questionnaireTemplate]: 'PendingReview', [ids.interviewTemplate]: 'Unavailable', committee: 'PendingReview' });
  expect(daniel).toEqual({ [ids.callStoryTemplate]: 'Resubmit', [ids.transcriptTemplate]: 'Completed', [ids.questionnaireTemplate]: 'Ready', [ids.interviewTemplate]: 'Unavailable', committee: 'Ready' });
  expect(sofia).toEqual({ [ids.callStoryTemplate]: 'Completed', [ids.transcriptTemplate]: 'Completed', [ids.questionnaireTemplate]: 'Completed', [ids.interviewTemplate]: 'PendingReview', committee: 'Ready' });
  const track = (await db().entities.trackTemplate.get({ trackTemplateId: ids.trackTemplate }).go({ consistent: true })).data!;
  expect(track.instanceCount).toBe(4);
  // Overdue reads true: its due date has passed.
  const [graceInstance] = (await db().entities.trackInstance.query.byParticipant({ participantId: LIVING_CANDIDATES[0].id }).go()).data;
  const { data: graceSteps } = await db().entities.stepInstance.query.byInstance({ trackInstanceId: graceInstance.trackInstanceId }).go({ consistent: true });
  const late = graceSteps.find((step) => step.status === 'Overdue')!;
  expect(Date.parse(late.dueAt!)).toBeLessThan(Date.now());

  const { data: forms } = await db().entities.formInstance.query.byParticipant({ participantId: LIVING_CANDIDATES[1].id }).go();
  expect(forms).toEqual([expect.objectContaining({ submitted: false, data: expect.objectContaining({ 'legal-name': 'Daniel Park' }) })]);
  const [sofiaInstance] = (await db().entities.trackInstance.query.byParticipant({ participantId: LIVING_CANDIDATES[2].id }).go()).data;
  expect(sofiaInstance.assignees.map((assignee) => assignee.userId).sort()).toEqual(['demo-advisor', 'demo-interviewer']);
  const { data: comments } = await db().entities.comment.query.byUser({ userId: LIVING_CANDIDATES[0].id }).go();
  expect(comments).toHaveLength(1);
  // Daniel's enrolment is under a legal hold, placed by the conference admin, with the entry in its History.
  const [danielInstance] = (await db().entities.trackInstance.query.byParticipant({ participantId: LIVING_CANDIDATES[1].id }).go()).data;
  const { data: hold } = await db().entities.legalHold.get({ recordKind: 'TrackInstance', recordId: danielInstance.trackInstanceId }).go({ consistent: true });
  expect(hold).toMatchObject({ active: true, placedBy: 'demo-conference-admin', reason: expect.stringContaining('Appeal') });
  const { data: history } = await db().entities.auditEntry.query.byChain({ chainId: chainIdOf('TrackInstance', danielInstance.trackInstanceId) }).go({ consistent: true });
  expect(history.map((entry) => entry.action)).toEqual(expect.arrayContaining(['enrolment.created', 'enrolment.action.denied', 'retention.hold.placed']));
  // The bells those writes sent, waiting for the runtime's worker.
  const messages = (await pendingNotifications()).filter((note) => note.userId === 'demo-advisor').map((note) => note.message);
  expect(messages).toEqual(expect.arrayContaining(['You advise Grace Mbeki in Candidacy Pathway.', 'Grace Mbeki submitted Background questionnaire for review.']));
  // Grace's transcript is late past the escalation period: the district admin's bell has today's digest listing it.
  const digests = (await pendingNotifications()).filter((note) => note.userId === 'demo-district-admin' && note.message === '1 overdue step in Foothills District');
  expect(digests).toEqual([expect.objectContaining({ items: [expect.objectContaining({ text: expect.stringMatching(/^Upload your transcript in Candidacy Pathway for Grace Mbeki, overdue since /), link: `/step/${late.stepInstanceId}` })] })]);
});

it("gives the demo participant's waiting steps their place in the reminder schedule, waiting since the seed ran", async () => {
  const ids = DEMO_INSTANCE_IDS;
  const { data: steps } = await db().entities.stepInstance.query.byInstance({ trackInstanceId: ids.trackInstance }).go({ consistent: true });
  const waiting = steps.filter((step) => step.status === 'Ready');
  expect(waiting.map((step) => step.stepInstanceId).sort()).toEqual([ids.callStoryStep, ids.questionnaireStep, ids.transcriptStep].sort());
  for (const step of waiting) {
    expect(step.remindBucket).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(step.remindSince!)).toBeLessThan(10 * 60_000);
  }
});

it('seeding again changes nothing', async () => {
  const before = await statusesOf(LIVING_CANDIDATES[2].id);
  await seedParticipation(SEEDED_AT);
  expect(await statusesOf(LIVING_CANDIDATES[2].id)).toEqual(before);
  expect((await db().entities.trackInstance.query.byParticipant({ participantId: LIVING_CANDIDATES[2].id }).go()).data).toHaveLength(1);
});

it("has a District Committee whose vote on Grace is in progress and whose interview with Sofia is confirmed for next week", async () => {
  const { data: groups } = await db().entities.userGroup.query.byTrack({ trackTemplateId: DEMO_INSTANCE_IDS.trackTemplate }).go();
  const committee = groups.find((group) => group.name === DISTRICT_COMMITTEE)!;
  expect(committee).toMatchObject({ chairId: 'demo-interviewer', memberCount: 1 + COMMITTEE_MEMBERS.length });
  const [grace, , sofia] = await Promise.all(LIVING_CANDIDATES.map(async (person) => (await db().entities.trackInstance.query.byParticipant({ participantId: person.id }).go()).data[0]));
  const { data: graceActions } = await db().entities.stepActionInstance.query.byInstance({ trackInstanceId: grace.trackInstanceId }).go({ consistent: true });
  const vote = graceActions.find((action) => action.voteState)!;
  expect(vote).toMatchObject({ voteState: 'open', voteRound: 1, vote: { memberCount: 5 } });
  const { data: ballots } = await db().entities.committeeBallot.query.byAction({ trackInstanceId: grace.trackInstanceId, actionInstanceId: vote.actionInstanceId, round: 1 }).go({ consistent: true });
  expect(ballots.filter((ballot) => ballot.choice).map((ballot) => ballot.choice).sort()).toEqual(['Approve', 'Approve', 'Recused']);
  const { data: interviews } = await db().entities.panelInterview.query.byAction({ trackInstanceId: sofia.trackInstanceId }).go({ consistent: true });
  expect(interviews).toEqual([expect.objectContaining({ status: 'confirmed', sequence: 0, invitationSent: true, confirmed: expect.objectContaining({ place: 'Foothills District Office, Room 2' }) })]);
  const { data: answers } = await db().entities.panelAvailability.query.byAction({ trackInstanceId: sofia.trackInstanceId, actionInstanceId: interviews[0].actionInstanceId }).go({ consistent: true });
  expect(answers).toHaveLength(5);
  const days = (Date.parse(interviews[0].confirmed!.start) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6);
  expect(days).toBeLessThan(8);
  // Everyone invited has their invitation (with its calendar file) waiting for the worker.
  const invitations = (await pendingNotifications()).filter((note) => (note as { calendar?: unknown }).calendar);
  expect(invitations.map((note) => note.userId).sort()).toEqual(['demo-candidate-sofia', 'demo-interviewer', ...COMMITTEE_MEMBERS.map((m) => m.id)].sort());
});

it('has a transfer of Daniel to Prairie Rivers waiting on Blue Ridge, which the legal hold on his enrolment keeps from approval', async () => {
  const { data: outgoing } = await db().entities.enrolmentTransfer.query.byFrom({ fromConferenceId: DEMO_LOCATION_IDS.conference1 }).go();
  expect(outgoing).toEqual([expect.objectContaining({ status: 'requested', participantId: 'demo-candidate-daniel', toConferenceId: DEMO_LOCATION_IDS.conference2, toLocationId: DEMO_LOCATION_IDS.district3, note: DEMO_TRANSFER_NOTE })]);
  const admin = await callerOf('conference.admin@example.org');
  await expect(approveTransfer(admin, outgoing[0].transferId, { version: 1 })).rejects.toMatchObject({ status: 422, message: TRANSFER_MESSAGES.legalHold });
});
