import { EMAIL_IN_USE } from '../../../shared/schemas/user';
import type { ImportKind, ImportResult } from '../../../shared/imports/csv-import';
import { deterministicId } from '../../db/ids';
import { JobFailure, type JobItem, type JobKind } from '../../db/jobs';
import { db } from '../../db/service';
import { BusyError, ConflictError, HttpError, ValidationError } from '../../lib/errors';
import { batchGet } from '../../db/transact';
import { enrolmentClaim } from '../enrolments/enrol-writes';
import { addUsers } from '../people/add-user';
import { addMemberships } from '../people/church-memberships';
import { assignRole } from '../roles/role-assignment';
import { enrol } from '../enrolments/enrol';
import { findInstance } from '../enrolments/instance-access';
import { writeInstanceStatus } from '../enrolments/instance-status';
import { jobCaller } from '../session/job-caller';
import type { AuthContext } from '../session/resolve-session';
import type { EnrolmentRow } from './enrolment-rows';
import type { PersonRow } from './people-rows';

/**
 * `csv.import` (started by import-start.ts): the preview's ready rows, a few per job step, each
 * through the one write path there is (Add User with Assign Role and Add Membership; Add
 * Participant with Change Status), in the scope of the person who started it as they are now.
 * Every row's user or enrolment id is derived from the import and the row's line, so a step
 * repeated after a crash finds what it made and finishes it (roles, membership, status) instead
 * of making another; someone else's person or enrolment found in the way is left unchanged.
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
}

/** Rows per job step (tests lower it to stop between steps). */
export const importJobChunk = { rows: 25 };
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
    const rows = all.slice(cursor.index, cursor.index + importJobChunk.rows);
    for (const row of rows) {
      const outcome = await importRow(auth, job, input, row);
      if (outcome === 'imported') cursor.imported += 1;
      else if (outcome === 'unchanged') cursor.unchanged += 1;
      else if (cursor.failed.length < FAILED_LISTED) cursor.failed.push({ line: row.line, message: outcome.failed });
      else cursor.moreFailed += 1;
    }
    const next = cursor.index + rows.length < all.length ? { ...cursor, index: cursor.index + rows.length } : { ...cursor, chunk: cursor.chunk + 1, index: 0 };
    if (next.chunk <= input.chunks) return { done: rows.length, cursor: next };
    const { imported, unchanged, failed, moreFailed } = next;
    return { done: rows.length, finished: true, result: { imported, unchanged, failed, moreFailed } satisfies ImportResult };
  },
};

type Outcome = 'imported' | 'unchanged' | { failed: string };

const rowId = (job: Pick<JobItem, 'createdAt'>, input: ImportJobInput, line: number) => deterministicId(Date.parse(job.createdAt), input.importId, String(line));

async function importRow(auth: AuthContext, job: JobItem, input: ImportJobInput, row: PersonRow | EnrolmentRow): Promise<Outcome> {
  try {
    return input.kind === 'people' ? await importPerson(auth, rowId(job, input, row.line), row as PersonRow, input.sendInvitations) : await importEnrolment(auth, rowId(job, input, row.line), row as EnrolmentRow);
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

async function importEnrolment(auth: AuthContext, trackInstanceId: string, row: EnrolmentRow): Promise<Outcome> {
  try {
    const outcome = await enrol(auth, { trackId: row.trackId, participantIds: [row.participantId], advisorIds: [row.advisorId] }, { trackInstanceIds: [trackInstanceId] });
    if ('jobId' in outcome && row.status !== 'Open') return { failed: 'Enrolled, but the track is large and is still being written: set the status from the participants table once it shows.' };
  } catch (error) {
    if (!(error instanceof ConflictError) || error instanceof BusyError) throw error;
    // Enrolled by us in a step that was repeated: finish the row. By someone else since the preview: unchanged.
    if (!(await findInstance(trackInstanceId))) {
      const [held] = await batchGet(db().entities.claim, [enrolmentClaim(row.trackId, row.participantId)], { consistent: true });
      if (held) return 'unchanged';
      throw error;
    }
  }
  if (row.status !== 'Open') {
    const instance = await findInstance(trackInstanceId);
    if (instance && instance.status !== row.status) await writeInstanceStatus(auth, instance, row.status);
  }
  return 'imported';
}
