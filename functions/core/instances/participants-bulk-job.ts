import type { ParticipantBulkAction, ParticipantBulkResult } from '../../../shared/schemas/participants';
import { ASSIGNEE_ROLE_IDS } from '../../../shared/schemas/participants';
import type { TrackInstanceStatus } from '../../../shared/tracks/step-status';
import type { JobKind } from '../../db/jobs';
import { retryOnStale } from '../../db/transact';
import { HttpError, ValidationError } from '../../lib/errors';
import { jobCaller } from '../jobs/job-caller';
import type { TrackCaller } from '../tracks/track-scope';
import { changeLoadedAssignments } from './assignments';
import { administersInstance, findInstance, INSTANCE_NOT_FOUND, instanceRights } from './instance-access';
import { REMOVAL_REFUSED, removeLoadedInstance } from './instance-remove';
import { STATUS_CHANGE_REFUSED, writeInstanceStatus } from './instance-status';

/**
 * `participants.bulk` (started by `POST track/{id}/instances/bulk`, participants-bulk.ts): a few
 * rows per job step, each on its own. Every row is loaded afresh and checked in the scope of
 * the person who started the job (their roles and places as they are now), then written in its
 * own transaction on the version loaded. A status or an advisor is a state the row should end
 * in, so a lost race re-reads, re-checks and writes again (retryOnStale); a removal is not
 * retried: an enrolment changed between our read and our delete is reported (409), not removed
 * unseen. A row already as asked writes nothing, which is also why a step repeated after a
 * crash (before its progress was saved) changes nothing twice and tells no one twice; the rows
 * done and refused so far travel in the cursor, and the last step gives them as the result.
 */
export const PARTICIPANT_BULK_JOB_KIND = 'participants.bulk';

export interface ParticipantBulkInput {
  trackTemplateId: string;
  action: ParticipantBulkAction;
  status?: TrackInstanceStatus;
  advisorId?: string;
  /** Enrolments of this track when the job was started, in the order selected. */
  trackInstanceIds: string[];
  /** Ids that were not (refused without a look at them again). */
  notFound: string[];
}

interface Cursor extends ParticipantBulkResult {
  index: number;
}

/** Rows per job step (tests lower it to crash between two steps). */
export const participantBulkChunk = { rows: 10 };

export const PARTICIPANT_BULK_CALLER_GONE = 'You can no longer change these enrolments.';
export const NOT_ADMINISTERED = 'You do not administer this enrolment.';

export const participantBulkJob: JobKind<ParticipantBulkInput> = {
  async step(job) {
    const input: ParticipantBulkInput = job.input;
    const cursor: Cursor = (job.cursor as Cursor | null) ?? { index: 0, succeeded: 0, failed: input.notFound.map((trackInstanceId) => ({ trackInstanceId, message: INSTANCE_NOT_FOUND })) };
    const auth = await jobCaller(job, PARTICIPANT_BULK_CALLER_GONE);
    const rows = input.trackInstanceIds.slice(cursor.index, cursor.index + participantBulkChunk.rows);
    // One row at a time: each is a handful of requests, and rows of one job never race each other.
    for (const trackInstanceId of rows) {
      const message = await applyToRow(auth, input, trackInstanceId);
      if (message) cursor.failed.push({ trackInstanceId, message });
      else cursor.succeeded += 1;
    }
    const index = cursor.index + rows.length;
    const done = rows.length + (cursor.index === 0 ? input.notFound.length : 0);
    if (index < input.trackInstanceIds.length) return { done, cursor: { ...cursor, index } };
    return { done, finished: true, result: { succeeded: cursor.succeeded, failed: cursor.failed } satisfies ParticipantBulkResult };
  },
};

/** One row: null when it ends as asked, else why not (a refusal a user may read; anything else is retried by the job). */
async function applyToRow(auth: TrackCaller, input: ParticipantBulkInput, trackInstanceId: string): Promise<string | null> {
  const once = async (): Promise<string | null> => {
    const instance = await findInstance(trackInstanceId);
    // Gone: what a removal asked for (by us in a step repeated after a crash, or by someone else).
    if (!instance) return input.action === 'remove' ? null : INSTANCE_NOT_FOUND;
    if (instance.trackTemplateId !== input.trackTemplateId) return INSTANCE_NOT_FOUND;
    if (!administersInstance(auth, instance)) return NOT_ADMINISTERED;
    if (input.action === 'setStatus') {
      // As PATCH track/instance: the participant's advisor or a track override, in reach.
      if (!instanceRights(auth, instance, null).canChangeStatus) return STATUS_CHANGE_REFUSED;
      if (instance.status !== input.status) await writeInstanceStatus(auth, instance, input.status!);
    } else if (input.action === 'assignAdvisor') {
      const advisorId = input.advisorId!;
      await changeLoadedAssignments(auth, instance, { roleId: ASSIGNEE_ROLE_IDS.Advisor, field: 'advisorId', ids: [advisorId], next: (current) => [...current, advisorId] });
    } else {
      if (!instanceRights(auth, instance, null).hasOverride) return REMOVAL_REFUSED;
      await removeLoadedInstance(auth, instance);
    }
    return null;
  };
  try {
    return await (input.action === 'remove' ? once() : retryOnStale(once));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return error instanceof ValidationError ? Object.values(error.fieldErrors ?? {}).flat().join(' ') : error.message;
  }
}
