import type { StepInput } from '../../../shared/schemas/step';
import { newJob } from '../../db/jobs';
import { transact } from '../../db/transact';
import { assertBulkPartsExist, cleanStepInput, phaseWithRoom } from './step-editor';
import { STEP_BULK_JOB_KIND, type StepBulkInput } from './step-bulk-job';
import type { TrackCaller } from './track-scope';

/**
 * `POST /step/bulk` (SPEC.md section 7's generic bulk): steps added to one phase, each as Create
 * Step does. A step with its contents, actions and attachments can fill most of one transaction,
 * so the steps are added by a background job (`step.bulk`), one step (one transaction) per job
 * step, each with the phase's and the track's guards. The route checks the phase in the caller's
 * reach with room and the forms and roles the parts name, and sanitises the descriptions (the job
 * bundles carry no sanitiser); the job checks each step's phase again as its starter is now. Step ids derive from the job and the step's place in the body: a job step repeated after
 * a crash finds its step made and goes on. A refused step fails the job with the reason (the steps
 * before it stay, as if added one by one); the result lists the ids made, in the body's order.
 */

export async function startStepBulk(auth: TrackCaller, steps: StepInput[]): Promise<{ jobId: string }> {
  // Room for the whole batch (the job's steps check one at a time, as the phase then is).
  const { phase } = await phaseWithRoom(auth, steps[0].phaseId, steps.length);
  await assertBulkPartsExist(steps);
  const job = newJob({ kind: STEP_BULK_JOB_KIND, ownerId: auth.userId, title: `Adding ${steps.length} ${steps.length === 1 ? 'step' : 'steps'} to ${phase.name}`, input: { trackTemplateId: phase.trackTemplateId, steps: steps.map(cleanStepInput) } satisfies StepBulkInput, total: steps.length });
  await transact([job.write]);
  return { jobId: job.jobId };
}

