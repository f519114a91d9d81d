import { EXPORT_EXPIRED, EXPORT_RUNNING, NO_FINISHED_EXPORT } from '../../../../shared/api/user-export';
import { loadUserAggregate } from '../../../db/access/user-aggregate';
import { newId } from '../../../db/ids';
import { ForbiddenError, NotFoundError } from '../../../lib/errors';
import { fileJobLink, startFileJob, type FileJob } from '../../job-files/file-job';
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

/** The export's job: a second start while one runs is refused (409), as is a link before it ends (404). */
const DATA_EXPORT_FILE: FileJob<DataExportInput> = {
  kind: DATA_EXPORT_JOB_KIND,
  // The archive; its staged parts go with the bucket's rule on the prefix.
  fileKey: archiveKey,
  notDeleted: 'data export archive not deleted',
  running: EXPORT_RUNNING,
  none: NO_FINISHED_EXPORT,
  expired: EXPORT_EXPIRED,
  startWhileRunning: 'refuse',
  linkWhileRunning: 'none',
};

export async function startDataExport(auth: AuthContext, userId: string): Promise<{ jobId: string }> {
  if (userId !== auth.userId && !auth.isSuperadmin) throw new ForbiddenError();
  const person = await loadUserAggregate(userId);
  if (!person) throw new NotFoundError('User not found.');
  const input: DataExportInput = { userId, requesterId: auth.userId, exportId: newId() };
  const self = userId === auth.userId;
  const title = self ? 'Exporting your data' : `Exporting the data of ${person.user.firstName} ${person.user.lastName}`;
  return { jobId: await startFileJob(DATA_EXPORT_FILE, { jobId: exportJobId(userId, auth.userId), ownerId: auth.userId, title, input }) };
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
  return fileJobLink(DATA_EXPORT_FILE, exportJobId(userId, auth.userId), auth.userId, {
    beforeSigning: async (job) => {
      noteRead({ ownerId: userId, kind: 'export', objectId: job.jobId, label: 'Data export', screen: 'data-export' });
      await flushReads();
    },
  });
}
