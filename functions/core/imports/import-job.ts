import { setTimeout } from 'node:timers/promises';
import { EMAIL_IN_USE } from '../../../shared/schemas/user';
import type { ImportKind, ImportResult } from '../../../shared/imports/csv-import';
import { deterministicId } from '../../db/ids';
import { getJob, JobFailure, runJobStep, type JobItem, type JobKind } from '../../db/jobs';
import { db } from '../../db/service';
import { BusyError, ConflictError, HttpError, ValidationError } from '../../lib/errors';
import { batchGet } from '../../db/transact';
import { enrolmentClaim } from '../enrolments/enrol-writes';
import { addUsers } from '../people/add-user';
import { addMemberships } from '../people/church-memberships';
import { assignRole } from '../roles/role-assignment';
import { enrol } from '../enrolments/enrol';
import { ENROL_JOB_KIND, enrolJob } from '../enrolments/enrol-job';
import { findInstance } from '../enrolments/instance-access';
import { writeInstanceStatus } from '../enrolments/instance-status';
import { jobCaller } from '../session/job-caller';
import type { AuthContext } from '../session/resolve-session';
import type { EnrolmentRow } from './enrolment-rows';
import { completeStepsBefore } from './enrolment-steps';
import type { PersonRow } from './people-rows';

/**
 * `csv.import` (started by import-start.ts): the preview's ready rows, a few per job step, each
 * through the one write path there is (Add User with Assign Role and Add Membership; Add
 * Participant with the step statuses of its Current step and Change Status), in the scope of
 * the person who started it as they are now. Every row's user or enrolment id is derived from
 * the import and the row's line, so a step repeated after a crash finds what it made and
 * finishes it (roles, membership, steps, status) instead of making another; someone else's
 * person or enrolment found in the way is left unchanged.
 */
export const IMPORT_JOB_KIND = 'csv.import';

export interface ImportJobInput {
  importId: string;
  kind: ImportKind;
  conferenceId: string;
  sendInvitations: boolean;
  chunks: number;
}

interface Cursor extends ImportResult {
  /** The chunk item being worked through (1-based) and the next row in it. */
  chunk: number;
  index: number;
  /** The enrolment job writing that row's enrolment (a track too large for one transaction). */
  enrolJobId?: string;
}

/**
 * Work per job step: rows, and step statuses set for Current step (each a few reads and one
 * transaction; on a track of 1,000 steps the reads are its step list and outline). A row whose
 * steps are more than a step's budget goes on in the next job step. An enrolment job run for a
 * large track is one step's work. Tests lower them to stop between steps.
 */
export const importJobChunk = { rows: 25, steps: 40 };
/** Refused rows the result lists by line; past these it counts them. */
const FAILED_LISTED = 200;

export const IMPORT_CALLER_GONE = 'You can no longer import into this conference.';

export const importJob: JobKind<ImportJobInput> = {
  async step(job) {
    const input: ImportJobInput = job.input;
    const cursor: Cursor = (job.cursor as Cursor | null) ?? { chunk: 1, index: 0, imported: 0, unchanged: 0, failed: [], moreFailed: 0 };
    const auth = await jobCaller(job, IMPORT_CALLER_GONE);
    const { data: chunk } = await db().entities.importChunk.get({ importId: input.importId, chunk: cursor.chunk }).go();
    if (!chunk) throw new JobFailure('The checked rows have expired. Check the file again and import it.');
    const all = (chunk.rows ?? []) as Array<PersonRow | EnrolmentRow>;
    const budget: Budget = { steps: importJobChunk.steps };
    let rows = 0;
    while (cursor.index < all.length && rows < importJobChunk.rows && budget.steps > 0) {
      const row = all[cursor.index]!;
      const outcome = await importRow(auth, job, input, row, cursor, budget);
      if (outcome === 'unfinished') break;
      if (outcome === 'imported') cursor.imported += 1;
      else if (outcome === 'unchanged') cursor.unchanged += 1;
      else if (cursor.failed.length < FAILED_LISTED) cursor.failed.push({ line: row.line, message: outcome.failed });
      else cursor.moreFailed += 1;
      cursor.index += 1;
      delete cursor.enrolJobId;
      rows += 1;
    }
    const next = cursor.index < all.length ? cursor : { ...cursor, chunk: cursor.chunk + 1, index: 0 };
    if (next.chunk <= input.chunks) return { done: rows, cursor: next };
    const { imported, unchanged, failed, moreFailed } = next;
    return { done: rows, finished: true, result: { imported, unchanged, failed, moreFailed } satisfies ImportResult };
  },
};

/** What a job step has left to spend: status changes. */
interface Budget {
  steps: number;
}

/** A row's end, or `unfinished`: the step's budget ran out in it (the next job step goes on with it). */
type Outcome = 'imported' | 'unchanged' | { failed: string } | 'unfinished';

const rowId = (job: Pick<JobItem, 'createdAt'>, input: ImportJobInput, line: number) => deterministicId(Date.parse(job.createdAt), input.importId, String(line));

async function importRow(auth: AuthContext, job: JobItem, input: ImportJobInput, row: PersonRow | EnrolmentRow, cursor: Cursor, budget: Budget): Promise<Outcome> {
  try {
    const id = rowId(job, input, row.line);
    return input.kind === 'people' ? await importPerson(auth, id, row as PersonRow, input.sendInvitations) : await importEnrolment(auth, id, row as EnrolmentRow, cursor, budget);
  } catch (error) {
    // A refusal as the route would give it (the caller's rights changed, a place went inactive): that row only.
    if (!(error instanceof HttpError)) throw error;
    return { failed: error instanceof ValidationError ? Object.values(error.fieldErrors ?? {}).flat().join(' ') || error.message : error.message };
  }
}

async function importPerson(auth: AuthContext, userId: string, row: PersonRow, invite: boolean): Promise<Outcome> {
  const location = row.locationKind === 'District' ? { districtLocation: row.locationId } : { conferenceLocation: row.locationId };
  // Made by this row in a step that was repeated: finish it (no second invitation).
  const { data: made } = await db().entities.user.get({ userId }).go({ consistent: true });
  if (!made) {
    try {
      await addUsers(auth, [{ firstName: row.firstName, lastName: row.lastName, email: row.email, ...location }], (field) => field, { userIds: [userId], phoneNumbers: [row.phoneNumber], invite });
    } catch (error) {
      // Someone else's address now (added since the preview): left as it is.
      if (error instanceof ValidationError && error.message === EMAIL_IN_USE) return 'unchanged';
      throw error;
    }
  }
  // Both skip what is already there.
  for (const roleId of row.roleIds) await assignRole(auth, { userIds: [userId], roleId });
  if (row.churchId) await addMemberships(auth, { userIds: [userId], churchId: row.churchId, constituent: false });
  return 'imported';
}

/**
 * An enrolment as Add Participant makes it (`enrol`), then, for a Current step, every step
 * before it Completed (enrolment-steps.ts), then another status (`writeInstanceStatus`), each
 * part skipping what is done, so the row can be taken up again in any later job step.
 */
async function importEnrolment(auth: AuthContext, trackInstanceId: string, row: EnrolmentRow, cursor: Cursor, budget: Budget): Promise<Outcome> {
  const made = await enrolRow(auth, trackInstanceId, row, cursor, budget);
  if (made !== 'made') return made;
  if (row.stepTemplateId) {
    if (budget.steps <= 0) return 'unfinished';
    const instance = await findInstance(trackInstanceId);
    if (!instance) return { failed: 'The enrolment was removed while it was imported.' };
    try {
      const { changes, finished } = await completeStepsBefore(auth, instance, row.stepTemplateId, budget.steps);
      budget.steps -= changes;
      if (!finished) return 'unfinished';
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { failed: `Enrolled, but not every step before the Current step is Completed: ${error.message}` };
    }
  }
  if (row.status !== 'Open') {
    const instance = await findInstance(trackInstanceId);
    if (instance && instance.status !== row.status) await writeInstanceStatus(auth, instance, row.status);
  }
  return 'imported';
}

/**
 * The row's enrolment made by `enrol` (its id fixed by the row). A track too large for one
 * transaction gets an enrolment job: its id is kept in the cursor (the row is not enrolled a
 * second time) and this job runs its steps, one per job step, until the enrolment is visible.
 */
async function enrolRow(auth: AuthContext, trackInstanceId: string, row: EnrolmentRow, cursor: Cursor, budget: Budget): Promise<'made' | Outcome> {
  if (cursor.enrolJobId) return enrolJobOutcome(cursor.enrolJobId, trackInstanceId, budget);
  try {
    const outcome = await enrol(auth, { trackId: row.trackId, participantIds: [row.participantId], advisorIds: [row.advisorId] }, { trackInstanceIds: [trackInstanceId] });
    if ('jobId' in outcome) {
      // Saved with the cursor before it runs: a repeated job step finds the job instead of enrolling again.
      cursor.enrolJobId = outcome.jobId;
      budget.steps = 0;
      return 'unfinished';
    }
  } catch (error) {
    if (!(error instanceof ConflictError) || error instanceof BusyError) throw error;
    // Enrolled by us in a step that was repeated: finish the row. By someone else since the preview: unchanged.
    if (!(await findInstance(trackInstanceId))) {
      const [held] = await batchGet(db().entities.claim, [enrolmentClaim(row.trackId, row.participantId)], { consistent: true });
      if (held) return 'unchanged';
      throw error;
    }
  }
  return 'made';
}

/** A pause before trying again an enrolment job another run is stepping (its step takes seconds). */
const BUSY_PAUSE_MS = 1000;

/**
 * The row's enrolment job: made once the enrolment is visible (the job's last step, which finds
 * nothing more to write, is left to the job's own run); otherwise one more of its steps run here
 * (this job step's whole budget), then failed with its message, unchanged when it left the
 * enrolment out (someone enrolled the person meanwhile), or unfinished.
 */
async function enrolJobOutcome(jobId: string, trackInstanceId: string, budget: Budget): Promise<'made' | Outcome> {
  if (await findInstance(trackInstanceId)) return 'made';
  const ran = await runJobStep(jobId, { [ENROL_JOB_KIND]: enrolJob });
  if (ran === 'busy') await setTimeout(BUSY_PAUSE_MS);
  if (ran) budget.steps = 0;
  if (await findInstance(trackInstanceId)) return 'made';
  const job = ran && ran !== 'busy' ? ran : await getJob(jobId);
  if (!job) return { failed: 'The enrolment could not be made: enrol them from the participants table.' };
  if (job.status === 'failed') return { failed: job.error ?? 'The enrolment could not be made.' };
  if (job.status !== 'succeeded') return 'unfinished';
  return 'unchanged';
}
