import type { ParticipantBulkAction, ParticipantBulkResult } from '../../../shared/schemas/participants';
import { ASSIGNEE_ROLE_IDS, BULK_ROW_STALE_MESSAGE } from '../../../shared/schemas/participants';
import type { TrackInstanceStatus } from '../../../shared/tracks/step-status';
import type { JobKind } from '../../db/jobs';
import { loadUserAggregate, type UserAggregate } from '../../db/access/user-aggregate';
import { HttpError, StaleVersionError, ValidationError } from '../../lib/errors';
import { jobCaller } from '../session/job-caller';
import type { TrackCaller } from '../tracks/track-scope';
import type { AuditCaller } from '../records/audit-write';
import { changeLoadedAssignments } from './assignments';
import { administersInstance, findInstance, INSTANCE_NOT_FOUND, instanceRights } from '../enrolments/instance-access';
import { REMOVAL_REFUSED, removalEntry, removeLoadedInstance } from '../enrolments/instance-remove';
import { STATUS_CHANGE_REFUSED, writeInstanceStatus } from '../enrolments/instance-status';

/**
 * `participants.bulk` (started by `POST track/{id}/instances/bulk`, participants-bulk.ts): a few
 * rows per job step, each on its own. Every row is loaded afresh and checked in the scope of
 * the person who started the job (their roles and places as they are now), then written in its
 * own transaction on the version the table showed: a row changed since (or between our read and
 * our write) is reported stale (409 per row, `stale: true` in the result), never overwritten. A
 * row already as asked is done whatever its version (nothing to write, nothing overwritten),
 * which is also why a step repeated after a crash (before its progress was saved) changes
 * nothing twice and tells no one twice; the rows done and refused so far travel in the cursor,
 * and the last step gives them as the result. An Assign Advisor loads and checks the advisor
 * once per job step, not per row.
 */
export const PARTICIPANT_BULK_JOB_KIND = 'participants.bulk';

export interface ParticipantBulkInput {
  trackTemplateId: string;
  action: ParticipantBulkAction;
  status?: TrackInstanceStatus;
  advisorId?: string;
  /** The selected enrolments with the version the table showed, in the order selected. */
  rows: Array<{ trackInstanceId: string; version: number }>;
}

interface Cursor extends ParticipantBulkResult {
  index: number;
}

type Failure = ParticipantBulkResult['failed'][number];

/** Rows per job step (tests lower it to crash between two steps). */
export const participantBulkChunk = { rows: 10 };

export const PARTICIPANT_BULK_CALLER_GONE = 'You can no longer change these enrolments.';
export const NOT_ADMINISTERED = 'You do not administer this enrolment.';

export const participantBulkJob: JobKind<ParticipantBulkInput> = {
  async step(job) {
    const input: ParticipantBulkInput = job.input;
    const cursor: Cursor = (job.cursor as Cursor | null) ?? { index: 0, succeeded: 0, failed: [] };
    const auth = await jobCaller(job, PARTICIPANT_BULK_CALLER_GONE);
    const rows = input.rows.slice(cursor.index, cursor.index + participantBulkChunk.rows);
    const advisor = input.action === 'assignAdvisor' ? await loadUserAggregate(input.advisorId!) : undefined;
    // One row at a time: each is a handful of requests, and rows of one job never race each other.
    for (const row of rows) {
      const failure = await applyToRow(auth, input, row, advisor);
      if (failure) cursor.failed.push(failure);
      else cursor.succeeded += 1;
    }
    const index = cursor.index + rows.length;
    if (index < input.rows.length) return { done: rows.length, cursor: { ...cursor, index } };
    return { done: rows.length, finished: true, result: { succeeded: cursor.succeeded, failed: cursor.failed } satisfies ParticipantBulkResult };
  },
};

/** One row: null when it ends as asked, else why not (a refusal a user may read; anything else is retried by the job). */
async function applyToRow(auth: TrackCaller & AuditCaller, input: ParticipantBulkInput, row: ParticipantBulkInput['rows'][number], advisor: UserAggregate | null | undefined): Promise<Failure | null> {
  const { trackInstanceId, version } = row;
  const refused = (message: string): Failure => ({ trackInstanceId, message });
  const stale: Failure = { trackInstanceId, message: BULK_ROW_STALE_MESSAGE, stale: true };
  const instance = await findInstance(trackInstanceId);
  // Gone: what a removal asked for (by us in a step repeated after a crash, or by someone else).
  if (!instance) return input.action === 'remove' ? null : refused(INSTANCE_NOT_FOUND);
  if (instance.trackTemplateId !== input.trackTemplateId) return refused(INSTANCE_NOT_FOUND);
  if (!administersInstance(auth, instance)) return refused(NOT_ADMINISTERED);
  try {
    if (input.action === 'setStatus') {
      // As PATCH track/instance: the participant's advisor or a track override, in reach.
      if (!instanceRights(auth, instance, null).canChangeStatus) return refused(STATUS_CHANGE_REFUSED);
      if (instance.status === input.status) return null;
      if (instance.version !== version) return stale;
      await writeInstanceStatus(auth, instance, input.status!);
    } else if (input.action === 'assignAdvisor') {
      const advisorId = input.advisorId!;
      if (instance.assignees.some((a) => a.roleId === ASSIGNEE_ROLE_IDS.Advisor && a.userId === advisorId)) return null;
      if (instance.version !== version) return stale;
      const people = new Map([[advisorId, advisor ?? null]]);
      await changeLoadedAssignments(auth, instance, { roleId: ASSIGNEE_ROLE_IDS.Advisor, field: 'advisorId', ids: [advisorId], next: (current) => [...current, advisorId], version, people });
    } else {
      if (!instanceRights(auth, instance, null).hasOverride) return refused(REMOVAL_REFUSED);
      if (instance.version !== version) return stale;
      await removeLoadedInstance(auth, instance, [removalEntry(auth, instance)]);
    }
    return null;
  } catch (error) {
    // Lost a race between our read and our write: changed since shown, so left as it is.
    if (error instanceof StaleVersionError) return stale;
    if (!(error instanceof HttpError)) throw error;
    return refused(error instanceof ValidationError ? Object.values(error.fieldErrors ?? {}).flat().join(' ') : error.message);
  }
}
