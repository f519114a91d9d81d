import { db } from '../../../functions/db/service';
import { DEMO_INSTANCE_IDS as ids } from '../../../functions/db/seed/demo-tracks';
import { demoLocation, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo-organisation';
import { OVERDUE_BUCKET, REMINDER_FIELDS, reminderFields } from '../../../functions/core/step-indexes/reminder-index';
import { reminderMessage, sendStepReminders } from '../../../functions/core/reminders/step-reminders';
import { digestMessage } from '../../../functions/core/reminders/overdue-digests';
import { OVERDUE_DIGEST_JOB_KIND, overdueDigestJob, runDigestJob, sendOverdueDigests, startOverdueDigests } from '../../../functions/core/reminders/overdue-digest-job';
import { runReminderSchedule } from '../../../functions/core/reminders/reminder-schedule';
import { jobFaults, runJobStep } from '../../../functions/db/jobs';
import { changeContent, decideAction, setStepStatus } from '../../../functions/core/step-work/step-work';
import { sweepOverdueSteps } from '../../../functions/core/reminders/overdue-sweep';
import { dueIndexFields } from '../../../functions/core/step-indexes/step-due';
import { authContextOf } from '../../../functions/core/session/resolve-session';
import { loadUserAggregate } from '../../../functions/db/access/user-aggregate';
import { seedDemo } from '../../support/demo-table';
import { withCountedRequests } from '../../support/dynamo';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { handler as trackHandler } from '../../../functions/http/track/handler';

/** Reminders and escalation (issue 13 item 4) on the demo enrolment, with the clock passed in (`now`). */
const participant = demoUser('participant@example.org');
const advisor = demoUser('advisor@example.org');
const districtAdmin = demoUser('district.admin@example.org');
const conferenceAdmin = demoUser('conference.admin@example.org');
const trackInstanceId = ids.trackInstance;
const DAY = 24 * 3600_000;
const at = (start: string, days: number, hours = 0) => new Date(Date.parse(start) + days * DAY + hours * 3600_000).toISOString();

const stepKey = (stepInstanceId: string) => ({ trackInstanceId, stepInstanceId });
const readStep = async (stepInstanceId: string) => (await db().entities.stepInstance.get(stepKey(stepInstanceId)).go({ consistent: true })).data!;

/** The notification outbox items written so far (pending: no worker runs here), with their digest lines. */
async function bells(): Promise<Array<{ userId: string; message: string; link?: string; items?: Array<{ text: string; link: string }> }>> {
  const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
  return data.filter((item) => item.kind === 'notification').map((item) => item.payload as never);
}
const bellsTo = async (userId: string, starts: string) => (await bells()).filter((b) => b.userId === userId && b.message.startsWith(starts));

async function authOf(userId: string) {
  return authContextOf((await loadUserAggregate(userId, { consistent: true }))!, { sessionId: 'test', secondFactor: true });
}

beforeAll(async () => {
  await seedDemo();
});

// Each test places its own entries: none left for the next one's clock to find.
afterEach(async () => {
  await Promise.all([ids.callStoryStep, ids.transcriptStep, ids.questionnaireStep, ids.interviewStep].map((id) => db().entities.stepInstance.patch(stepKey(id)).remove([...REMINDER_FIELDS]).go()));
});

describe('sendStepReminders', () => {
  it('reminds the participant of a step Ready longer than the period, once per period, and not before', async () => {
    const since = '2030-01-01T09:00:00.000Z';
    await db().entities.stepInstance.patch(stepKey(ids.transcriptStep)).set(reminderFields('Ready', since, undefined)).go();
    const message = reminderMessage('Upload your transcript', 'Candidacy Pathway', 7, 'Ready');

    // Looked at after a day (the shortest period); the track's is 7 days, so the entry moves on, nothing sent.
    expect(await sendStepReminders(at(since, 2))).toEqual({ looked: 1, sent: 0 });
    expect((await readStep(ids.transcriptStep)).remindAt).toBe(at(since, 7));
    expect(await sendStepReminders(at(since, 6))).toEqual({ looked: 0, sent: 0 });

    expect(await sendStepReminders(at(since, 7, 1))).toEqual({ looked: 1, sent: 1 });
    expect(await sendStepReminders(at(since, 7, 1))).toEqual({ looked: 0, sent: 0 });
    expect(await sendStepReminders(at(since, 13))).toEqual({ looked: 0, sent: 0 });
    expect((await bells()).filter((b) => b.message === message)).toEqual([{ userId: participant.id, message, link: `/step/${ids.transcriptStep}` }]);

    // The next period reminds again.
    expect(await sendStepReminders(at(since, 14, 2))).toEqual({ looked: 1, sent: 1 });
    expect((await readStep(ids.transcriptStep)).remindedAt).toBe(at(since, 14, 2));
  });

  it("uses the track's period", async () => {
    await db().entities.trackTemplate.patch({ trackTemplateId: ids.trackTemplate }).set({ reminderDays: 3 }).go();
    try {
      const since = '2031-01-01T09:00:00.000Z';
      await db().entities.stepInstance.patch(stepKey(ids.questionnaireStep)).set(reminderFields('Ready', since, undefined)).go();
      expect(await sendStepReminders(at(since, 2))).toEqual({ looked: 1, sent: 0 });
      expect(await sendStepReminders(at(since, 3))).toEqual({ looked: 1, sent: 1 });
      expect(await bellsTo(participant.id, reminderMessage('Background questionnaire', 'Candidacy Pathway', 3, 'Ready'))).toHaveLength(1);
    } finally {
      await db().entities.trackTemplate.patch({ trackTemplateId: ids.trackTemplate }).remove(['reminderDays']).go();
    }
  });

  it('reminds the deciders of a step waiting for review (the advisor, naming the participant), not the participant', async () => {
    const priya = await authOf(participant.id);
    const now = new Date().toISOString();
    await changeContent(priya, 'demo-content-instance-call-story', { instanceType: 'Task', version: 1, completed: true });
    const step = await readStep(ids.callStoryStep);
    expect(step).toMatchObject({ status: 'PendingReview', remindBucket: expect.any(String) });

    const counted = await withCountedRequests(() => sendStepReminders(at(now, 8)));
    expect(counted.result).toMatchObject({ sent: 1 });
    // 4 bucket Queries, 2 BatchGets (instances, tracks), the step's work and template (2 Queries), 1 transaction.
    expect(counted.requests).toBeLessThanOrEqual(9);
    const message = reminderMessage('Share your call story', 'Candidacy Pathway', 8, 'PendingReview', 'Priya Raman');
    expect((await bells()).filter((b) => b.message.startsWith('Reminder: Share your call story'))).toEqual([{ userId: advisor.id, message, link: `/step/${ids.callStoryStep}` }]);
  });

  it('reminds the participant of a step denied and waiting to be handed in again (Resubmit), not before the period, then it becomes Overdue past its due date', async () => {
    const priya = await authOf(participant.id);
    const content = (await db().entities.stepContentInstance.get({ trackInstanceId, stepInstanceId: ids.callStoryStep, contentInstanceId: 'demo-content-instance-call-story' }).go({ consistent: true })).data!;
    if (!content.task?.completed) await changeContent(priya, content.contentInstanceId, { instanceType: 'Task', version: content.version, completed: true });
    const action = (await db().entities.stepActionInstance.get({ trackInstanceId, stepInstanceId: ids.callStoryStep, actionInstanceId: 'demo-action-instance-call-story' }).go({ consistent: true })).data!;
    await decideAction(await authOf(advisor.id), action.actionInstanceId, false, action.version);
    const denied = await readStep(ids.callStoryStep);
    expect(denied).toMatchObject({ status: 'Resubmit', remindBucket: expect.any(String), remindSince: expect.any(String) });

    const since = denied.remindSince!;
    expect(await sendStepReminders(at(since, 6))).toMatchObject({ sent: 0 });
    expect(await sendStepReminders(at(since, 7, 1))).toEqual({ looked: 1, sent: 1 });
    const message = reminderMessage('Share your call story', 'Candidacy Pathway', 7, 'Resubmit');
    expect(message).toBe('Reminder: Share your call story in Candidacy Pathway has been waiting to be handed in again for 7 days.');
    // The participant hands it in again, not the advisor who denied it.
    expect((await bells()).filter((b) => b.message.startsWith('Reminder: Share your call story') && b.message.includes('handed in again'))).toEqual([
      { userId: participant.id, message, link: `/step/${ids.callStoryStep}` },
    ]);

    // Past its due date the sweep makes it Overdue and it moves into the escalation bucket.
    const due = at(since, 8);
    await db().entities.stepInstance.patch(stepKey(ids.callStoryStep)).set({ dueAt: due, ...dueIndexFields('Resubmit', due) }).go();
    expect(await sweepOverdueSteps(at(since, 9))).toBe(1);
    const overdue = await readStep(ids.callStoryStep);
    expect(overdue).toMatchObject({ status: 'Overdue', remindBucket: OVERDUE_BUCKET, remindAt: due });
    // Back to waiting for review for the tests after this one (the advisor's direct change).
    await setStepStatus(await authOf(advisor.id), ids.callStoryStep, 'PendingReview', overdue.version);
  });

  it('drops the entry of a step that moved on and reminds nobody', async () => {
    const since = '2032-01-01T09:00:00.000Z';
    // A writer that left the index behind: the step is Unavailable (locked) but in it.
    await db().entities.stepInstance.patch(stepKey(ids.interviewStep)).set({ ...reminderFields('Ready', since, undefined) }).go();
    expect(await sendStepReminders(at(since, 30))).toEqual({ looked: 1, sent: 0 });
    const after = await readStep(ids.interviewStep);
    for (const field of REMINDER_FIELDS) expect(after[field]).toBeUndefined();
  });

  it('lets go of a waiting step while its track is not Open, and takes it back, its period afresh, when the track opens again', async () => {
    const setTrack = async (status: 'Open' | 'Withdrawn') => {
      const { data } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true });
      return invoke(trackHandler, '/api/track/instance', { method: 'PATCH', body: { id: trackInstanceId, status, version: data!.version }, cookie: await cookieFor('advisor@example.org') });
    };
    const since = '2035-01-01T09:00:00.000Z';
    await db().entities.stepInstance.patch(stepKey(ids.transcriptStep)).set({ status: 'Ready', ...reminderFields('Ready', since, undefined) }).go();
    expect((await setTrack('Withdrawn')).status).toBe(200);
    expect(await sendStepReminders(at(since, 30))).toEqual({ looked: 1, sent: 0 });
    expect((await readStep(ids.transcriptStep)).remindBucket).toBeUndefined();

    expect((await setTrack('Open')).status).toBe(200);
    const back = await readStep(ids.transcriptStep);
    expect(back).toMatchObject({ remindBucket: expect.any(String), remindSince: expect.any(String) });
    // Every waiting step of the enrolment comes back (the demo's three Ready steps), each reminded a period later.
    expect(await sendStepReminders(at(back.remindSince!, 7))).toEqual({ looked: 3, sent: 3 });
    expect((await readStep(ids.transcriptStep)).remindedAt).toBe(at(back.remindSince!, 7));
  });
});

describe('sendOverdueDigests', () => {
  const due = '2033-03-01T09:00:00.000Z';
  const district = demoLocation(DEMO_LOCATION_IDS.district1).name;
  const conference = demoLocation(DEMO_LOCATION_IDS.conference1).name;

  async function makeOverdue(stepInstanceId: string) {
    await db().entities.stepInstance.patch(stepKey(stepInstanceId)).set({ status: 'Overdue', dueAt: due, ...reminderFields('Overdue', due, due) }).add({ version: 1 }).go();
  }

  it('tells the assignees daily, then the district, then the conference, one digest each listing every overdue step; a completed step goes nowhere', async () => {
    await Promise.all([makeOverdue(ids.transcriptStep), makeOverdue(ids.questionnaireStep)]);
    expect((await readStep(ids.transcriptStep)).remindBucket).toBe(OVERDUE_BUCKET);

    // Day 1: the participant and the advisor, one digest each with both steps; nobody above them.
    expect(await sendOverdueDigests(at(due, 1))).toEqual({ looked: 2, sent: 2 });
    const [advisorDigest] = await bellsTo(advisor.id, digestMessage(2, district));
    const lines = [
      { text: 'Upload your transcript in Candidacy Pathway for Priya Raman, overdue since Mar 1, 2033', link: `/step/${ids.transcriptStep}` },
      { text: 'Background questionnaire in Candidacy Pathway for Priya Raman, overdue since Mar 1, 2033', link: `/step/${ids.questionnaireStep}` },
    ];
    expect(advisorDigest.items).toHaveLength(2);
    expect(advisorDigest.items).toEqual(expect.arrayContaining(lines));
    expect(await bellsTo(participant.id, digestMessage(2, district))).toHaveLength(1);
    expect(await bellsTo(districtAdmin.id, '')).toEqual([]);
    // The same day again: nothing twice.
    expect(await sendOverdueDigests(at(due, 1, 5))).toEqual({ looked: 2, sent: 0 });

    // Past the escalation period (7 days): the district admin too.
    const counted = await withCountedRequests(() => sendOverdueDigests(at(due, 8)));
    expect(counted.result).toEqual({ looked: 2, sent: 3 });
    // Collecting: 1 index Query, 4 BatchGets (instances, tracks, step templates, locations), 2 role-list Queries, 1 transaction
    // of lines; sending: 1 Query of recipients, per recipient 1 Query of lines, 2 reads and 1 transaction; the job: its creation,
    // 2 leases, 2 saves and the day mark's report.
    // Plus per recipient their conference's time zone (the day of their digest mark): the user's aggregate and the conference.
    expect(counted.requests).toBeLessThanOrEqual(27);
    const [districtDigest] = await bellsTo(districtAdmin.id, digestMessage(2, district));
    expect(districtDigest.items).toHaveLength(2);
    expect(await bellsTo(conferenceAdmin.id, '')).toEqual([]);

    // Completed meanwhile (the advisor's direct change): out of the index, in nobody's digest.
    const abigail = await authOf(advisor.id);
    await setStepStatus(abigail, ids.questionnaireStep, 'Completed', (await readStep(ids.questionnaireStep)).version);
    expect((await readStep(ids.questionnaireStep)).remindBucket).toBeUndefined();

    // After another period: the conference admin, with the step still overdue only.
    expect(await sendOverdueDigests(at(due, 15))).toEqual({ looked: 1, sent: 4 });
    const [conferenceDigest] = await bellsTo(conferenceAdmin.id, digestMessage(1, conference));
    expect(conferenceDigest).toMatchObject({ link: `/step/${ids.transcriptStep}`, items: [{ text: 'Upload your transcript in Candidacy Pathway for Priya Raman, overdue since Mar 1, 2033', link: `/step/${ids.transcriptStep}` }] });
    expect(await bellsTo(districtAdmin.id, digestMessage(1, district))).toHaveLength(1);
  });
});

describe("sendOverdueDigests counts the recipient's local day (their conference's time zone)", () => {
  // 22:00 on Feb 28 in New York (the demo conference's default zone), already Mar 1 in UTC.
  const due = '2035-03-01T03:00:00.000Z';
  const district = demoLocation(DEMO_LOCATION_IDS.district1).name;

  it('one digest per New York day, whatever the UTC date; the line dates the step in that zone', async () => {
    await db().entities.stepInstance.patch(stepKey(ids.transcriptStep)).set({ status: 'Overdue', dueAt: due, ...reminderFields('Overdue', due, due) }).add({ version: 1 }).go();
    const before = (await bells()).length;
    // 18:30 on Mar 2 in New York (23:30 UTC).
    expect(await sendOverdueDigests('2035-03-02T23:30:00.000Z')).toEqual({ looked: 1, sent: 2 });
    const [digest] = (await bells()).slice(before).filter((b) => b.userId === advisor.id);
    expect(digest).toMatchObject({ message: digestMessage(1, district), items: [{ text: 'Upload your transcript in Candidacy Pathway for Priya Raman, overdue since Feb 28, 2035' }] });
    // 20:30 on Mar 2 in New York, Mar 3 in UTC: the same local day, nobody hears twice.
    expect(await sendOverdueDigests('2035-03-03T01:30:00.000Z')).toEqual({ looked: 1, sent: 0 });
    // 00:30 on Mar 3 in New York, still the UTC day of the run before: a new local day, a new digest each.
    expect(await sendOverdueDigests('2035-03-03T05:30:00.000Z')).toEqual({ looked: 1, sent: 2 });
    expect((await bells()).slice(before).map((b) => b.userId).sort()).toEqual([participant.id, participant.id, advisor.id, advisor.id].sort());
  });
});

describe('sendOverdueDigests with more steps than a page', () => {
  const due = '2036-03-01T09:00:00.000Z';
  const district = demoLocation(DEMO_LOCATION_IDS.district1).name;
  const steps = [ids.transcriptStep, ids.questionnaireStep, ids.interviewStep];

  it('pages through every Overdue step and still sends one digest per person listing them all; a second run that day sends nothing', async () => {
    await Promise.all(steps.map((id) => db().entities.stepInstance.patch(stepKey(id)).set({ status: 'Overdue', dueAt: due, ...reminderFields('Overdue', due, due) }).add({ version: 1 }).go()));
    const now = at(due, 8);
    const days = (await bells()).length;
    // Pages of one: three collecting steps, then the recipients one per step.
    expect(await sendOverdueDigests(now, { pageSize: 1 })).toEqual({ looked: 3, sent: 3 });
    const digests = (await bells()).slice(days);
    expect(digests.map((b) => b.userId).sort()).toEqual([participant.id, advisor.id, districtAdmin.id].sort());
    for (const digest of digests) {
      expect(digest.message).toBe(digestMessage(3, district));
      expect(digest.items!.map((item) => item.link).sort()).toEqual(steps.map((id) => `/step/${id}`).sort());
    }
    // Run again the same day: every digest is marked, nobody hears twice.
    expect(await sendOverdueDigests(at(due, 8, 3), { pageSize: 2 })).toEqual({ looked: 3, sent: 0 });
  });

  it('resumes a digest job that died between its work and its progress without telling anyone twice', async () => {
    await Promise.all(steps.map((id) => db().entities.stepInstance.patch(stepKey(id)).set({ status: 'Overdue', dueAt: due, ...reminderFields('Overdue', due, due) }).add({ version: 1 }).go()));
    const now = at(due, 20);
    const before = (await bells()).length;
    const jobId = (await startOverdueDigests(now, now.slice(0, 10), 1))!;
    expect(await startOverdueDigests(at(due, 20, 1), now.slice(0, 10), 1)).toBeNull();
    // Three collecting steps and the turn to sending, then a sending step dies after its digest and before its progress.
    for (let i = 0; i < 4; i++) await runJobStep(jobId, { [OVERDUE_DIGEST_JOB_KIND]: overdueDigestJob });
    jobFaults.failAfterWork = true;
    try {
      await expect(runJobStep(jobId, { [OVERDUE_DIGEST_JOB_KIND]: overdueDigestJob })).rejects.toThrow(/Injected job fault/);
    } finally {
      jobFaults.failAfterWork = false;
    }
    expect((await bells()).length).toBe(before + 1);
    // The sweeper's restart after the lease: here, the lease released by hand.
    await db().entities.job.patch({ jobId }).set({ leaseUntil: 0 }).go();
    expect(await runDigestJob(jobId)).toMatchObject({ looked: 3 });
    const sent = (await bells()).slice(before);
    // Day 20: participant, advisor, district admin and conference admin, once each.
    expect(sent.map((b) => b.userId).sort()).toEqual([participant.id, advisor.id, districtAdmin.id, conferenceAdmin.id].sort());
  });
});

describe('runReminderSchedule', () => {
  it('runs the reminders once an hour and the digests once a day from 07:00 New York, reporting what was sent', async () => {
    await db().entities.stepInstance.patch(stepKey(ids.transcriptStep)).set({ status: 'Ready', ...reminderFields('Ready', '2034-05-01T09:00:00.000Z', undefined) }).go();
    // 10:15 UTC is 06:15 in New York (summer time): the reminders run, the day's digests wait for 07:00.
    expect(await runReminderSchedule('2034-06-01T10:15:00.000Z')).toBe(1);
    const mark = async (markId: string, period: string) => (await db().entities.reminderMark.get({ markId, period }).go({ consistent: true })).data?.report;
    expect(await mark('run:reminders', '2034-06-01T10')).toEqual({ looked: 1, sent: 1 });
    const digestJobs = async () => (await db().entities.job.query.byStatus({ status: 'queued' }).go()).data.filter((job) => job.kind === 'reminders.overdueDigests');
    expect(await digestJobs()).toEqual([]);

    // Later in the same hour: nothing is looked at again, even an entry that has come due.
    await db().entities.stepInstance.patch(stepKey(ids.questionnaireStep)).set({ status: 'Ready', ...reminderFields('Ready', '2034-05-01T09:00:00.000Z', undefined) }).go();
    expect(await runReminderSchedule('2034-06-01T10:45:00.000Z')).toBe(0);
    // The next hour does, and at 07:05 in New York the day's digest job is started (the job stream runs it); its report lands on the day's mark.
    expect(await runReminderSchedule('2034-06-01T11:05:00.000Z')).toBe(1);
    expect(await runDigestJob('overdue-digests-2034-06-01')).toEqual({ looked: 0, sent: 0 });
    expect(await mark('run:digests', '2034-06-01')).toEqual({ looked: 0, sent: 0 });
    // The rest of that New York day (past UTC midnight) starts no other digest job.
    await runReminderSchedule('2034-06-02T03:30:00.000Z');
    expect(await digestJobs()).toEqual([]);
    expect(await mark('run:digests', '2034-06-02')).toBeUndefined();
  });
});
