import { packTransactions, transact, TRANSACTION_MAX_ITEMS } from '../../db/transact';
import { db } from '../../db/service';
import { TRACK_STEPS_MAX } from '../../../shared/api/limits';
import { ifVersion } from '../../db/versioned';
import { ForbiddenError, StaleVersionError } from '../../lib/errors';
import type { TrackInstanceView } from '../../../shared/schemas/track-instance';
import type { TrackInstanceStatus } from '../../../shared/tracks/step-status';
import { eventWrites, trackInstanceLink } from '../outbox/instance-events';
import { requireInstance, type InstanceCaller, type TrackInstanceItem } from './instance-access';
import { readTrackInstance } from './instance-read';
import { projectEnrolmentsNow } from './enrolment-projector';
import { dueIndexReturns } from '../step-indexes/step-due';
import type { StepInstanceItem } from './step-instance-store';
import { enrolmentEntry } from '../records/enrolment-records';
import { fieldChange, type AuditCaller } from '../records/audit-write';

/** An enrolment's step instances (at most a track's steps), read consistently. */
export const instanceSteps = async (trackInstanceId: string): Promise<StepInstanceItem[]> =>
  (await db().entities.stepInstance.query.byInstance({ trackInstanceId }).go({ limit: TRACK_STEPS_MAX, consistent: true })).data;

export const STATUS_CHANGE_REFUSED = 'Only the participant\u2019s advisor or a track administrator can change the status of this track.';

/**
 * `PATCH track/instance` (SPEC.md section 4: track statuses are "settable directly under the
 * same visibility rule"): the participant's advisor or a track-override role, never the
 * participant; on the version the caller read (stale: 409); the participant hears of it.
 */
export async function setInstanceStatus(auth: InstanceCaller & AuditCaller, input: { id: string; status: TrackInstanceStatus; version: number }): Promise<TrackInstanceView> {
  const { instance, rights } = await requireInstance(auth, input.id);
  if (!rights.canChangeStatus) throw new ForbiddenError(STATUS_CHANGE_REFUSED);
  if (instance.version !== input.version) throw new StaleVersionError(undefined, instance.version);
  if (instance.status !== input.status) await writeInstanceStatus(auth, instance, input.status);
  return readTrackInstance(auth, instance.trackInstanceId);
}

/**
 * The status change itself, on the version of the instance as loaded (stale: 409): the instance,
 * the participant's bell, the audit entry, and the due indexes of an instance opened again. Callers check the rights.
 */
export async function writeInstanceStatus(auth: Pick<InstanceCaller, 'userId'> & AuditCaller, instance: TrackInstanceItem, status: TrackInstanceStatus): Promise<void> {
  // Opened again: the steps the sweeps let go while it was not Open go back into their indexes.
  const returns = status === 'Open' ? dueIndexReturns(await instanceSteps(instance.trackInstanceId), new Date().toISOString()) : [];
  const fits = TRANSACTION_MAX_ITEMS - 3;
  await transact([
    (tx) =>
      tx.trackInstance
        .patch({ trackInstanceId: instance.trackInstanceId })
        .set({ status, statusAt: new Date().toISOString() })
        // The status is part of the gsi3 key (byTemplateStatus): ElectroDB builds it with the template id.
        .composite({ trackTemplateId: instance.trackTemplateId })
        .add({ version: 1 })
        .where(ifVersion(instance.version))
        .commit(),
    ...eventWrites({
      recipientIds: [instance.participantId],
      actorId: auth.userId,
      message: `Your ${instance.trackName} track is now ${status}.`,
      link: trackInstanceLink(instance.trackTemplateId, instance.trackInstanceId),
    }),
    enrolmentEntry(auth, instance, 'enrolment.status.changed', 'status', fieldChange('status', instance.status, status)),
    ...returns.slice(0, fits),
  ]);
  // More late steps than one transaction holds (a large track): the rest right after, each on its version.
  for (const items of packTransactions(returns.slice(fits).map((write) => [write]))) await transact(items);
  await projectEnrolmentsNow([instance.trackInstanceId]);
}
