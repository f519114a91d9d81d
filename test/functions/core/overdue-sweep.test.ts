import { db } from '../../../functions/db/service';
import { sweep } from '../../../functions/events/sweepers';
import { overdueMessage, sweepOverdueSteps } from '../../../functions/core/reminders/overdue-sweep';
import { DUE_INDEX_FIELDS, dueBucketOf, dueIndexFields } from '../../../functions/core/step-indexes/step-due';
import { DEMO_INSTANCE_IDS as ids } from '../../../functions/db/seed/demo-tracks';
import { seedDemo } from '../../support/demo-table';
import { pendingNotifications } from '../../support/notifications';
import { cookieFor, demoUser } from '../../support/session';
import { invoke } from '../../support/invoke';
import { handler as trackHandler } from '../../../functions/http/track/handler';

/** The scheduled Overdue sweep (issue 12 item 7) on the demo enrolment. */
const participant = demoUser('participant@example.org');
const advisor = demoUser('advisor@example.org');
const trackInstanceId = ids.trackInstance;
const NOW = '2026-03-10T12:00:00.000Z';
const PAST = '2026-03-09T08:00:00.000Z';
const FUTURE = '2026-03-12T08:00:00.000Z';

const stepKey = (stepInstanceId: string) => ({ trackInstanceId, stepInstanceId });
const readStep = async (stepInstanceId: string) => (await db().entities.stepInstance.get(stepKey(stepInstanceId)).go({ consistent: true })).data!;

/** Sets a step's status and due time as a status write does; `leftBehind` keeps the index fields whatever the status (a writer that forgot them). */
async function setStep(stepInstanceId: string, status: 'Ready' | 'Resubmit' | 'Completed', dueAt: string, leftBehind = false) {
  const fields = leftBehind ? { dueBucket: dueBucketOf(dueAt), dueIndexAt: dueAt } : dueIndexFields(status, dueAt);
  await db().entities.stepInstance.patch(stepKey(stepInstanceId)).set({ status, dueAt, ...fields }).add({ version: 1 }).go();
}

/** The pending bell items the sweep wrote, by recipient. */
async function overdueBells(stepName: string): Promise<string[]> {
  const message = overdueMessage(stepName, 'Candidacy Pathway');
  return (await pendingNotifications()).filter((note) => note.message === message).map((note) => note.userId).sort();
}

beforeAll(async () => {
  await seedDemo();
});

describe('sweepOverdueSteps', () => {
  it('marks a late Ready step Overdue once, with one bell each for the participant and the advisor, however often it runs', async () => {
    await db().entities.stepInstance.patch(stepKey(ids.callStoryStep)).set({ dueAt: PAST, ...dueIndexFields('Ready', PAST) }).go();
    const before = await readStep(ids.callStoryStep);

    expect(await sweepOverdueSteps(NOW)).toBe(1);
    expect(await sweepOverdueSteps(NOW)).toBe(0);

    const after = await readStep(ids.callStoryStep);
    expect(after).toMatchObject({ status: 'Overdue', dueAt: PAST, version: before.version + 1 });
    for (const field of DUE_INDEX_FIELDS) expect(after[field]).toBeUndefined();
    expect(await overdueBells('Share your call story')).toEqual([advisor.id, participant.id].sort());
  });

  it('leaves a step that is not yet due, and a Resubmit step becomes Overdue when its time passes', async () => {
    await setStep(ids.transcriptStep, 'Resubmit', FUTURE);
    expect(await sweepOverdueSteps(NOW)).toBe(0);
    expect((await readStep(ids.transcriptStep)).status).toBe('Resubmit');

    expect(await sweepOverdueSteps('2026-03-12T08:00:00.001Z')).toBe(1);
    expect((await readStep(ids.transcriptStep)).status).toBe('Overdue');
    expect(await overdueBells('Upload your transcript')).toHaveLength(2);
  });

  it('drops an index entry a writer left behind (the step moved on) without changing or announcing anything', async () => {
    await setStep(ids.questionnaireStep, 'Completed', PAST, true);
    const before = await readStep(ids.questionnaireStep);
    expect(await sweepOverdueSteps(NOW)).toBe(0);
    const after = await readStep(ids.questionnaireStep);
    expect(after).toMatchObject({ status: 'Completed', version: before.version });
    expect(after.dueBucket).toBeUndefined();
    expect(await overdueBells('Background questionnaire')).toEqual([]);
  });

  it('works through a backlog a bounded number per run, oldest first', async () => {
    const late = ['2026-03-01T00:00:01.000Z', '2026-03-01T00:00:05.000Z', '2026-03-01T00:00:09.000Z'];
    const stepIds = late.map((_, index) => `overdue-backlog-${index}`);
    await db()
      .entities.stepInstance.put(
        late.map((dueAt, index) => ({
          trackInstanceId,
          stepInstanceId: stepIds[index],
          trackTemplateId: ids.trackTemplate,
          phaseId: ids.discernmentPhase,
          stepTemplateId: ids.callStoryTemplate,
          participantId: participant.id,
          status: 'Ready' as const,
          dueAt,
          ...dueIndexFields('Ready', dueAt),
        })),
      )
      .go();
    // All three share one bucket (their due seconds differ by multiples of 4): one a run.
    expect(new Set(late.map((dueAt) => dueIndexFields('Ready', dueAt).dueBucket)).size).toBe(1);
    expect(await sweepOverdueSteps(NOW, 1)).toBe(1);
    expect((await readStep(stepIds[0])).status).toBe('Overdue');
    expect((await readStep(stepIds[1])).status).toBe('Ready');
    expect(await sweepOverdueSteps(NOW, 1)).toBe(1);
    expect(await sweepOverdueSteps(NOW, 1)).toBe(1);
    expect(await sweepOverdueSteps(NOW, 1)).toBe(0);
  });

  it('two sweeps at once still mark a step once (the write is conditioned on the version read)', async () => {
    const dueAt = '2026-03-02T00:00:00.000Z';
    await db()
      .entities.stepInstance.put({ trackInstanceId, stepInstanceId: 'overdue-race', trackTemplateId: ids.trackTemplate, phaseId: ids.formationPhase, stepTemplateId: ids.interviewTemplate, participantId: participant.id, status: 'Ready', dueAt, ...dueIndexFields('Ready', dueAt) })
      .go();
    const marked = await Promise.all([sweepOverdueSteps(NOW), sweepOverdueSteps(NOW)]);
    expect(marked[0] + marked[1]).toBe(1);
    expect(await overdueBells('Readiness interview')).toHaveLength(2);
  });

  it('lets go of a late step while its track is not Open, and takes it back when the track is opened again', async () => {
    const dueAt = '2026-03-03T00:00:00.000Z';
    const setTrack = async (status: 'Open' | 'Withdrawn') => {
      const { data } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true });
      return invoke(trackHandler, '/api/track/instance', { method: 'PATCH', body: { id: trackInstanceId, status, version: data!.version }, cookie: await cookieFor('advisor@example.org') });
    };
    await db()
      .entities.stepInstance.put({ trackInstanceId, stepInstanceId: 'overdue-reopen', trackTemplateId: ids.trackTemplate, phaseId: ids.formationPhase, stepTemplateId: ids.interviewTemplate, participantId: participant.id, status: 'Ready', dueAt, ...dueIndexFields('Ready', dueAt) })
      .go();
    expect((await setTrack('Withdrawn')).status).toBe(200);
    expect(await sweepOverdueSteps(NOW)).toBe(0);
    const dropped = await readStep('overdue-reopen');
    expect(dropped.status).toBe('Ready');
    expect(dropped.dueIndexAt).toBeUndefined();

    expect((await setTrack('Open')).status).toBe(200);
    const back = await readStep('overdue-reopen');
    expect(back).toMatchObject({ status: 'Ready', dueIndexAt: dueAt, dueBucket: dueBucketOf(dueAt), version: dropped.version });
    expect(await sweepOverdueSteps(NOW)).toBe(1);
    expect((await readStep('overdue-reopen')).status).toBe('Overdue');
  });

  it('is one of the scheduled sweepers', async () => {
    expect(await sweep()).toHaveProperty('overdue', 0);
  });
});
