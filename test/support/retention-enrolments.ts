import { db } from '../../functions/db/service';
import { newId } from '../../functions/db/ids';
import { projectEnrolmentRetention } from '../../functions/core/retention/retention-cases';
import { putEnrolment, type EnrolmentInput } from './enrolments';

/**
 * Closed enrolments of a realistic size for the retention purge's figures (retention-figures.test.ts,
 * bin/bench/retention-scale.ts): each has 4 steps' content, a task and an upload naming one file
 * per step, and its retention case as the stream would leave it (closing time: now).
 */
export const CLOSED_ENROLMENT_STEPS = 4;

/** A track of the conference to enrol in (putEnrolment reads its name and conference). */
export async function putRetentionTrack(conferenceId: string): Promise<string> {
  const trackTemplateId = `retention-figures-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId, name: 'Figures', description: 'Figures', conferenceId, disabled: false, status: 'active' }).go();
  return trackTemplateId;
}

export async function putClosedEnrolment(input: EnrolmentInput & { status: 'Withdrawn' | 'Completed' }): Promise<string> {
  const trackInstanceId = await putEnrolment(input);
  const e = db().entities;
  const writes: Array<Promise<unknown>> = [];
  for (let s = 0; s < CLOSED_ENROLMENT_STEPS; s++) {
    const stepInstanceId = `step-${s}`;
    writes.push(
      e.stepContentInstance.put({ trackInstanceId, stepInstanceId, contentInstanceId: `task-${s}`, contentTemplateId: 'c1', type: 'Task', task: { completed: true } }).go(),
      e.stepContentInstance.put({ trackInstanceId, stepInstanceId, contentInstanceId: `upload-${s}`, contentTemplateId: 'c2', type: 'Upload', upload: { submitted: true, files: [{ id: 'f', fileKey: newId().toLowerCase() }] } }).go(),
    );
  }
  await Promise.all(writes);
  await projectEnrolmentRetention(trackInstanceId);
  return trackInstanceId;
}
