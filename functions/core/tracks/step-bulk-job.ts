import type { StepInput } from '../../../shared/schemas/step';
import { deterministicId } from '../../db/ids';
import { JobFailure, type JobKind } from '../../db/jobs';
import { db } from '../../db/service';
import { HttpError, ValidationError } from '../../lib/errors';
import { jobCaller } from '../session/job-caller';
import { writeNewStep } from './step-create';

/** The `step.bulk` job (started by step-bulk.ts): one step per job step. */
export const STEP_BULK_JOB_KIND = 'step.bulk';

export interface StepBulkInput {
  trackTemplateId: string;
  /** As the route checked them, descriptions sanitised. */
  steps: StepInput[];
}

const stepIdOf = (job: { jobId: string; createdAt: string }, index: number) => deterministicId(Date.parse(job.createdAt), job.jobId, String(index));

export const stepBulkJob: JobKind<StepBulkInput> = {
  async step(job) {
    const { trackTemplateId, steps } = job.input as StepBulkInput;
    const index = (job.cursor as number | null) ?? 0;
    const ids = steps.map((_, at) => stepIdOf(job, at));
    const step = steps[index];
    if (!step) return { done: 0, finished: true, result: { stepTemplateIds: ids } };
    const auth = await jobCaller(job, 'You can no longer change this track.');
    const made = await db().entities.stepTemplate.get({ trackTemplateId, phaseId: step.phaseId, stepTemplateId: ids[index] }).go({ consistent: true });
    if (!made.data) {
      try {
        await writeNewStep(auth, step, ids[index]);
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
