import { DEMO_INSTANCE_IDS as ids } from '../../functions/db/seed/demo-tracks';
import { AS } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { freshEnrolments, removeFresh, stepPage, type Enrolment } from './enrolment-fixtures';
import { forEachConcurrently } from './fixtures';
import { deleteTracks, trackWithAttachment } from './track-cases';

/**
 * The step page and step work. Reads: the demo participant on their own demo enrolment (the
 * call story, transcript and questionnaire steps). Work: each call on an enrolment of its own,
 * made for the run (enrolment-fixtures.ts): the conference admin (a track override, so
 * responsible for every content item) ticks the call story task, the demo advisor approves the
 * call story once ticked, and sets the transcript step Completed; clean-up removes the enrolments.
 */
const WRITE_CALLS = 50;
const CONTENT = { callStory: 'demo-content-instance-call-story', transcript: 'demo-content-instance-transcript', interview: 'demo-content-instance-interview' };
const ACTION = { callStory: 'demo-action-instance-call-story', questionnaire: 'demo-action-instance-questionnaire' };

interface Work {
  enrolments: Enrolment[];
  /** Each call's own path and body. */
  calls: Array<{ path: string; body: unknown }>;
}

/** Fresh enrolments and, for each, the call to make on it (read from its step page after `ready`). */
const onOwnEnrolments = (as: string, method: string, path: string, plan: (ctx: BenchContext, enrolment: Enrolment) => Promise<{ path: string; body: unknown }>) =>
  benchCase<Work>({
    as,
    method,
    path,
    calls: WRITE_CALLS,
    prepare: async (ctx, calls) => {
      const enrolments = await freshEnrolments(ctx, calls);
      const planned = new Map<string, { path: string; body: unknown }>();
      await forEachConcurrently(enrolments, async (enrolment) => planned.set(enrolment.trackInstanceId, await plan(ctx, enrolment)));
      return { enrolments, calls: enrolments.map((enrolment) => planned.get(enrolment.trackInstanceId)!) };
    },
    each: (call, work) => work.calls[call],
    cleanUp: (ctx, work) => removeFresh(ctx, work.enrolments),
    singleItem: true,
  });

/** The call story's task instance of an enrolment, ticked by the conference admin. */
async function tickCallStory(ctx: BenchContext, enrolment: Enrolment): Promise<void> {
  const page = await stepPage(ctx, enrolment.steps[ids.callStoryTemplate]);
  const [task] = page.contents;
  await ctx.api(AS.conferenceAdmin, 'PATCH', `/api/step/instance/content/${task.id}`, { instanceType: 'Task', version: task.version, completed: true });
}

interface AttachedEnrolment {
  trackId: string;
  enrolment: Enrolment;
  path: string;
}

export const STEP_INSTANCE_CASES: Record<string, BenchCase> = {
  'step.stepInstance': { as: AS.participant, path: `/api/step/step-instance/${ids.callStoryStep}`, singleItem: true },
  'step.stepInstances': { as: AS.participant, path: `/api/step/step-instances/${ids.callStoryStep},${ids.transcriptStep},${ids.questionnaireStep}` },
  'step.stepContentInstance': { as: AS.participant, path: `/api/step/step-content-instance/${CONTENT.callStory}`, singleItem: true },
  'step.stepContentInstances': { as: AS.participant, path: `/api/step/step-content-instances/${CONTENT.callStory},${CONTENT.transcript}` },
  'step.stepActionInstances': { as: AS.participant, path: `/api/step/step-action-instances/${ACTION.callStory},${ACTION.questionnaire}` },
  'step.taskInstance': { as: AS.participant, path: `/api/step/task-instance/${CONTENT.callStory}`, singleItem: true },
  // The interview notes are private to the advisor: the participant's list shows only their name.
  'step.taskInstances': { as: AS.participant, path: `/api/step/task-instances/${CONTENT.callStory},${CONTENT.interview}` },
  // A fresh track whose step holds an attached file, one person enrolled: their advisor signs its link.
  'step.instanceAttachment': benchCase<AttachedEnrolment>({
    as: AS.advisor,
    path: '/api/step/step-instance',
    prepare: async (ctx) => {
      const attached = await trackWithAttachment(ctx, 'instance attachment');
      const [enrolment] = await freshEnrolments(ctx, 1, attached.trackId);
      return { trackId: attached.trackId, enrolment, path: `/api/step/step-instance/${enrolment.steps[attached.stepId]}/attachment/${attached.key}` };
    },
    each: (_call, made) => ({ path: made.path }),
    cleanUp: async (ctx, made) => {
      await removeFresh(ctx, [made.enrolment]);
      await deleteTracks(ctx, [made.trackId]);
    },
    singleItem: true,
  }),
  'step.changeContent': onOwnEnrolments(AS.conferenceAdmin, 'PATCH', '/api/step/instance/content', async (ctx, enrolment) => {
    const [task] = (await stepPage(ctx, enrolment.steps[ids.callStoryTemplate])).contents;
    return { path: `/api/step/instance/content/${task.id}`, body: { instanceType: 'Task', version: task.version, completed: true } };
  }),
  'step.decideAction': onOwnEnrolments(AS.advisor, 'PATCH', '/api/step/instance/action', async (ctx, enrolment) => {
    await tickCallStory(ctx, enrolment);
    const [action] = (await stepPage(ctx, enrolment.steps[ids.callStoryTemplate])).actions;
    return { path: `/api/step/instance/action/${action.id}/true`, body: { version: action.version } };
  }),
  'step.setStatus': onOwnEnrolments(AS.advisor, 'PATCH', '/api/step/instance', async (ctx, enrolment) => {
    const step = await stepPage(ctx, enrolment.steps[ids.transcriptTemplate]);
    return { path: `/api/step/instance/${step.id}/Completed`, body: { version: step.version } };
  }),
};
