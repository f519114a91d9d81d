import { createHash } from 'node:crypto';
import { enrolmentDirectoryEntries, type DirectoryEntryInput, type DirectoryEnrolment } from '../../db/directory';
import { project, projectOrWait, type ProjectOptions, type ProjectionOutcome } from '../../db/directory-projection';
import { db } from '../../db/service';
import { log } from '../../lib/log';

/**
 * An enrolment's directory entries (the participants table's keyed lists: by name, first name and
 * email, each of the whole track and of its status, in the track's and the district's scope) from
 * the `trackInstance` as it is now. Idempotent; run after any write that changes what the entries
 * copy (enrolment, status, participant name or email, district, removal). The stream runs it again
 * for each such change (functions/events/stream-records.ts), so a missed fast path converges.
 */
export async function projectEnrolment(trackInstanceId: string, options?: ProjectOptions): Promise<ProjectionOutcome> {
  return project(
    'enrolment',
    trackInstanceId,
    async () => {
      const { data } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true });
      if (!data) return { entries: [], sourceVersion: 'deleted' };
      const entries = enrolmentDirectoryEntries(data);
      return { entries, sourceVersion: enrolmentFingerprint(entries) };
    },
    options,
  );
}

/**
 * What the entries say, as the record's `sourceVersion`: not every write that changes a copied
 * field moves the instance's `version` (a rename's copy does not), so the re-index compares this.
 */
export function enrolmentFingerprint(entries: DirectoryEntryInput[]): string {
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url').slice(0, 16);
}

export const enrolmentFingerprintOf = (enrolment: DirectoryEnrolment) => enrolmentFingerprint(enrolmentDirectoryEntries(enrolment));

/**
 * The request's fast path after a write that changed enrolments' listed fields, so the table
 * shows the change at once; a busy or failed run is left to the stream.
 */
export async function projectEnrolmentsNow(trackInstanceIds: Iterable<string>, patience: 'request' | 'job' = 'request'): Promise<void> {
  for (const trackInstanceId of new Set(trackInstanceIds)) {
    await projectOrWait(() => projectEnrolment(trackInstanceId), patience).catch((error) =>
      log('warn', 'enrolment projection deferred to the stream', { trackInstanceId, error: String(error) }),
    );
  }
}
