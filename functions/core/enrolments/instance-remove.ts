import { releaseName } from '../../db/claims';
import { newJob, type JobKind } from '../../db/jobs';
import { db } from '../../db/service';
import { transact, TRANSACTION_MAX_ITEMS, type TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { ForbiddenError, StaleVersionError } from '../../lib/errors';
import { ENROLMENT_CLAIM_KIND } from './enrol-writes';
import { requireInstance, type InstanceCaller, type TrackInstanceItem } from './instance-access';
import { deletePartitionPage, pageDeletes, readPartitionPage } from './instance-partition';
import { projectEnrolmentsNow } from './enrolment-projector';
import { enrolmentEntry } from '../records/enrolment-records';
import type { AuditCaller } from '../records/audit-write';

export const REMOVE_JOB_KIND = 'instance.remove';
export const REMOVAL_REFUSED = 'Only a track administrator can remove an enrolment.';

/**
 * `DELETE track/instance` (Manage Participant's remove): a track-override role (superadmin, or
 * an admin placed on the track's conference or the enrolment's district), on the version read.
 * The decisive transaction deletes the instance with its assignments (what lists show), releases
 * the enrolment claim and lowers the template's `instanceCount`: from then on the enrolment is
 * gone and the participant may be enrolled again. When everything fits, that transaction deletes
 * the rest too; otherwise a background job (`instance.remove`) deletes the rest a page at a time.
 * Files named by uploads and form answers go to the `releaseFile` outbox worker.
 */
export async function removeInstance(auth: InstanceCaller & AuditCaller, input: { id: string; version: number }): Promise<{ removed: true } | { jobId: string }> {
  const { instance, rights } = await requireInstance(auth, input.id);
  if (!rights.hasOverride) throw new ForbiddenError(REMOVAL_REFUSED);
  if (instance.version !== input.version) throw new StaleVersionError(undefined, instance.version);
  return removeLoadedInstance(auth, instance, [removalEntry(auth, instance)]);
}

/** The removal's entry in the enrolment's History (which outlives it: the organisation page reads it). */
export function removalEntry(auth: AuditCaller, instance: TrackInstanceItem): TransactionItem {
  return enrolmentEntry(auth, instance, 'enrolment.removed', 'enrolment', [{ field: 'status', before: instance.status }]);
}

/**
 * The removal itself, on the version of the instance as loaded (stale: 409). Callers check the
 * rights. `alongside` joins the decisive transaction (the retention purge's tombstone entry).
 */
export async function removeLoadedInstance(auth: Pick<InstanceCaller, 'userId'>, instance: TrackInstanceItem, alongside: TransactionItem[] = []): Promise<{ removed: true } | { jobId: string }> {
  const decisive = [...decisiveWrites(instance, instance.version), ...alongside];
  const { page, more } = await readPartitionPage(instance.trackInstanceId);
  const rest = pageDeletes(page, true).flat();
  if (!more && decisive.length + rest.length <= TRANSACTION_MAX_ITEMS) {
    await transact([...decisive, ...rest]);
    await projectEnrolmentsNow([instance.trackInstanceId]);
    return { removed: true };
  }
  const assignees = await db().entities.trackAssignee.query.byInstance({ trackInstanceId: instance.trackInstanceId }).go({ limit: 50, consistent: true });
  const job = newJob({ kind: REMOVE_JOB_KIND, ownerId: auth.userId, title: `Removing ${instance.participant.firstName} ${instance.participant.lastName} from ${instance.trackName}`, input: { trackInstanceId: instance.trackInstanceId } });
  await transact([
    ...decisive,
    ...assignees.data.map((a): TransactionItem => (tx) => tx.trackAssignee.delete({ trackInstanceId: a.trackInstanceId, roleId: a.roleId, assigneeId: a.assigneeId }).commit()),
    job.write,
  ]);
  await projectEnrolmentsNow([instance.trackInstanceId]);
  return { jobId: job.jobId };
}

function decisiveWrites(instance: TrackInstanceItem, version: number): TransactionItem[] {
  return [
    (tx) => tx.trackInstance.delete({ trackInstanceId: instance.trackInstanceId }).where(ifVersion(version)).commit(),
    releaseName({ kind: ENROLMENT_CLAIM_KIND, scope: instance.trackTemplateId, name: instance.participantId, ownerId: instance.trackInstanceId }),
    (tx) => tx.trackTemplate.patch({ trackTemplateId: instance.trackTemplateId }).add({ instanceCount: -1 }).commit(),
  ];
}

/** Deletes what is left of a removed enrolment, a page per step (deletes only: a repeat finds less). */
export const removeInstanceJob: JobKind<{ trackInstanceId: string }> = {
  async step(job) {
    const deleted = await deletePartitionPage(job.input.trackInstanceId);
    return deleted ? { done: deleted, cursor: 'deleting' } : { done: 0, finished: true, result: { trackInstanceId: job.input.trackInstanceId } };
  },
};
