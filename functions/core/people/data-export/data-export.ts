import { EXPORT_LINK_SECONDS } from '../../../../shared/files/data-exports';
import { EXPORT_EXPIRED, EXPORT_RUNNING, NO_FINISHED_EXPORT, type DataExportResult } from '../../../../shared/api/user-export';
import { loadUserAggregate } from '../../../db/access/user-aggregate';
import { getJob, type JobItem } from '../../../db/jobs';
import { newId } from '../../../db/ids';
import { db } from '../../../db/service';
import { isConditionFailure } from '../../../db/versioned';
import { deleteObject, presignDownloadFor } from '../../../lib/adapters/storage';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../lib/errors';
import { log } from '../../../lib/log';
import { flushReads, noteRead } from '../../read-log/read-write';
import type { AuthContext } from '../../session/resolve-session';
import { DATA_EXPORT_JOB_KIND, archiveKey, exportJobId, type DataExportInput } from './export-job';

/**
 * A person's data export (issue 25, item 4; docs/security.md "Data export"). A superadmin exports
 * anyone, everyone else only themself: anyone else is refused (403) before anything is read, and a
 * superadmin naming nobody gets 404. The job's id is derived from the person and the requester, so
 * one export of a person per requester runs at a time (409 while it runs); a new one replaces a
 * finished one, whose archive is deleted.
 */

const FINISHED = new Set(['succeeded', 'failed']);

export async function startDataExport(auth: AuthContext, userId: string): Promise<{ jobId: string }> {
  if (userId !== auth.userId && !auth.isSuperadmin) throw new ForbiddenError();
  const person = await loadUserAggregate(userId);
  if (!person) throw new NotFoundError('User not found.');
  const jobId = exportJobId(userId, auth.userId);
  const previous = await getJob(jobId);
  if (previous && !FINISHED.has(previous.status)) throw new ConflictError(EXPORT_RUNNING);

  const input: DataExportInput = { userId, requesterId: auth.userId, exportId: newId() };
  const self = userId === auth.userId;
  const title = self ? 'Exporting your data' : `Exporting the data of ${person.user.firstName} ${person.user.lastName}`;
  try {
    await db()
      .entities.job.put({ jobId, kind: DATA_EXPORT_JOB_KIND, ownerId: auth.userId, title, input, status: 'queued', done: 0, steps: 0 })
      // Created, or put over the finished export it replaces (not over one that started meanwhile).
      .where((attributes, operations) =>
        previous ? `${operations.eq(attributes.status, previous.status)} AND ${operations.eq(attributes.updatedAt, previous.updatedAt)}` : operations.notExists(attributes.jobId),
      )
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError(EXPORT_RUNNING);
    throw error;
  }
  if (previous) await removeArchive(previous);
  return { jobId };
}

/** A replaced or expired export's archive (its staged parts go with the bucket's rule on the prefix). */
async function removeArchive(job: JobItem): Promise<void> {
  await deleteObject(archiveKey(job.jobId, job.input as DataExportInput)).catch((error: unknown) => log('warn', 'data export archive not deleted', { jobId: job.jobId, error: String(error) }));
}

/**
 * The download link of the caller's finished export of this person, for who may export them (403 for
 * anyone else); never another requester's (their id derives another job: the 404 of none). Someone else's data is recorded in that
 * person's read-access log before the link is signed; an archive past EXPORT_ARCHIVE_DAYS is deleted
 * and refused.
 */
export async function dataExportLink(auth: AuthContext, userId: string): Promise<{ url: string; name: string }> {
  // Decided again now: a requester who lost the right to export this person no longer downloads it.
  if (userId !== auth.userId && !auth.isSuperadmin) throw new ForbiddenError();
  const job = await getJob(exportJobId(userId, auth.userId));
  if (!job || job.ownerId !== auth.userId || job.kind !== DATA_EXPORT_JOB_KIND || job.status !== 'succeeded') throw new NotFoundError(NO_FINISHED_EXPORT);
  const result = job.result as DataExportResult;
  if (Date.parse(result.expiresAt) <= Date.now()) {
    await removeArchive(job);
    throw new NotFoundError(EXPORT_EXPIRED);
  }
  noteRead({ ownerId: userId, kind: 'export', objectId: job.jobId, label: 'Data export', screen: 'data-export' });
  await flushReads();
  return { url: await presignDownloadFor(archiveKey(job.jobId, job.input as DataExportInput), result.fileName, EXPORT_LINK_SECONDS), name: result.fileName };
}
