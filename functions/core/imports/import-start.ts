import { IMPORT_NOT_FOUND, IMPORT_NOTHING_READY, type ImportKind } from '../../../shared/imports/csv-import';
import { getJob, newJob } from '../../db/jobs';
import { db } from '../../db/service';
import { transact } from '../../db/transact';
import { isConditionFailure } from '../../db/versioned';
import { BusinessRuleError, NotFoundError, StaleVersionError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { importConference } from './import-access';
import { IMPORT_JOB_KIND, type ImportJobInput } from './import-job';

/**
 * `POST conference/{id}/import/{importId}`: the caller's own preview of this conference (anyone
 * else's, or an expired one, 404), its rows as checked, imported by a job whose id follows from
 * the preview: the same preview imported again answers the job already made and writes nothing.
 */
export async function startImport(auth: AuthContext, conferenceId: string, importId: string, options: { sendInvitations: boolean }): Promise<{ jobId: string }> {
  const conference = await importConference(auth, conferenceId);
  const { data: header } = await db().entities.importChunk.get({ importId, chunk: 0 }).go({ consistent: true });
  if (!header || header.ownerId !== auth.userId || header.conferenceId !== conference.locationId) throw new NotFoundError(IMPORT_NOT_FOUND);
  if (!header.ready || !header.chunks) throw new BusinessRuleError(IMPORT_NOTHING_READY);
  const jobId = `${importId}-job`;
  if (await getJob(jobId)) return { jobId };
  const input: ImportJobInput = { importId, kind: header.kind as ImportKind, conferenceId: conference.locationId, sendInvitations: options.sendInvitations, chunks: header.chunks };
  const noun = header.kind === 'people' ? (header.ready === 1 ? 'person' : 'people') : header.ready === 1 ? 'enrolment' : 'enrolments';
  const job = newJob({ jobId, kind: IMPORT_JOB_KIND, ownerId: auth.userId, title: `Importing ${header.ready} ${noun} into ${conference.name}`, input, total: header.ready });
  try {
    await transact([job.write]);
  } catch (error) {
    // Started by a second click meanwhile: the same job.
    if (!(error instanceof StaleVersionError) && !isConditionFailure(error)) throw error;
  }
  return { jobId };
}
