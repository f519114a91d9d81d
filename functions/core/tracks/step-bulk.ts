import type { StepInput } from '../../../shared/schemas/step';
import { deterministicId } from '../../db/ids';
import { JobFailure, newJob, type JobKind } from '../../db/jobs';
import { db } from '../../db/service';
import { transact } from '../../db/transact';
import { HttpError, ValidationError } from '../../lib/errors';
import { jobCaller } from '../jobs/job-caller';
import { assertPartsExist, createStep, phaseWithRoom } from './step-editor';
import type { TrackCaller } from './track-scope';

/**
 * `POST /step/bulk` (SPEC.md section 7's generic bulk): steps added to one phase, each as Create
 * Step does. A step with its contents, actions and attachments can fill most of one transaction,
 * so the steps are added by a background job (`step.bulk`), one step (one transaction) per job
 * step, each with the phase's and the track's guards. The route checks the phase in the caller's
 * reach with room, and the forms the contents name; the job checks each step again as its starter
 * is now. Step ids derive from the job and the step's place in the body: a job step repeated after
 * a crash finds its step made and goes on. A refused step fails the job with the reason (the steps
 * before it stay, as if added one by one); the result lists the ids made, in the body's order.
 */
export const STEP_BULK_JOB_KIND = 'step.bulk';

interface Input {
  trackTemplateId: string;
  steps: StepInput[];
}

export async function startStepBulk(auth: TrackCaller, steps: StepInput[]): Promise<{ jobId: string }> {
  const { phase } = await phaseWithRoom(auth, steps[0].phaseId);
  await Promise.all(steps.map((step) => assertPartsExist(step.contents, step.actions)));
  const job = newJob({ kind: STEP_BULK_JOB_KIND, ownerId: auth.userId, title: `Adding ${steps.length} ${steps.length === 1 ? 'step' : 'steps'} to ${phase.name}`, input: { trackTemplateId: phase.trackTemplateId, steps } satisfies Input, total: steps.length });
  await transact([job.write]);
  return { jobId: job.jobId };
}

const stepIdOf = (job: { jobId: string; createdAt: string }, index: number) => deterministicId(Date.parse(job.createdAt), job.jobId, String(index));

export const stepBulkJob: JobKind<Input> = {
  async step(job) {
    const { trackTemplateId, steps } = job.input as Input;
    const index = (job.cursor as number | null) ?? 0;
    const ids = steps.map((_, at) => stepIdOf(job, at));
    const step = steps[index];
    if (!step) return { done: 0, finished: true, result: { stepTemplateIds: ids } };
    const auth = await jobCaller(job, 'You can no longer change this track.');
    const made = await db().entities.stepTemplate.get({ trackTemplateId, phaseId: step.phaseId, stepTemplateId: ids[index] }).go({ consistent: true });
    if (!made.data) {
      try {
        await createStep(auth, step, ids[index]);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const reason = error instanceof ValidationError ? Object.values(error.fieldErrors ?? {}).flat().join(' ') : error.message;
        throw new JobFailure(`Step ${index + 1} (${step.name}): ${reason}`);
      }
    }
    const next = index + 1;
    return next < steps.length ? { done: 1, cursor: next } : { done: 1, finished: true, result: { stepTemplateIds: ids } };
  },
};
