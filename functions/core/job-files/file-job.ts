import { EXPORT_LINK_SECONDS } from '../../../shared/files/data-exports';
import { getJob, type JobItem } from '../../db/jobs';
import { db } from '../../db/service';
import { isConditionFailure } from '../../db/versioned';
import { deleteObject, presignDownloadFor } from '../../lib/adapters/storage';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';

/**
 * A file made by a background job and downloaded through a short signed link: a person's data
 * export (people/data-export), a candidate packet (enrolments/packet), a large table export
 * (exports). The job's id is derived from what it makes and who asked, so one runs per pair; a new
 * one replaces a finished one, whose file is deleted (a bucket rule would take it only days later).
 * The link is signed for the job's requester alone, while the file is within its days. Whether the
 * caller may see the thing at all stays with each caller, decided before these run.
 */
export interface FileJob<Input> {
  /** The job's `kind`. */
  kind: string;
  /** Where the job puts its file. */
  fileKey(jobId: string, input: Input): string;
  /** The warning logged when a replaced or expired file is not deleted. */
  notDeleted: string;
  /** The 409's message while the job runs. */
  running: string;
  /** The 404's message when the caller has no finished job. */
  none: string;
  /** The 404's message when the file is past its days. */
  expired: string;
  /** A start while the job runs: 'refuse' (409 `running`) or 'follow' (its id is answered: the same request twice). */
  startWhileRunning: 'refuse' | 'follow';
  /** The link while the job runs: 'none' (404, as for no job) or 'refuse' (409 `running`: asked before the job it follows ended). */
  linkWhileRunning: 'none' | 'refuse';
}

/** What a finished job's result says of its file. */
interface FileResult {
  fileName: string;
  expiresAt: string;
}

type FileJobItem<Input> = JobItem & { input: Input };

const FINISHED = new Set(['succeeded', 'failed']);

/** Starts the job, or answers a running one's id (or 409, by `startWhileRunning`). */
export async function startFileJob<Input>(fileJob: FileJob<Input>, job: { jobId: string; ownerId: string; title: string; input: Input }): Promise<string> {
  const whileRunning = () => {
    if (fileJob.startWhileRunning === 'follow') return job.jobId;
    throw new ConflictError(fileJob.running);
  };
  const previous = await getJob(job.jobId);
  if (previous && !FINISHED.has(previous.status)) return whileRunning();
  try {
    await db()
      .entities.job.put({ ...job, kind: fileJob.kind, status: 'queued', done: 0, steps: 0 })
      // Created, or put over the finished job it replaces (not over one that started meanwhile).
      .where((attributes, operations) =>
        previous ? `${operations.eq(attributes.status, previous.status)} AND ${operations.eq(attributes.updatedAt, previous.updatedAt)}` : operations.notExists(attributes.jobId),
      )
      .go({ response: 'none' });
  } catch (error) {
    // Started by another request meanwhile: running, as if read so.
    if (isConditionFailure(error)) return whileRunning();
    throw error;
  }
  if (previous) await removeFile(fileJob, previous as FileJobItem<Input>);
  return job.jobId;
}

/** A replaced or expired job's file; a failed delete is only logged (the bucket's rule takes it later). */
async function removeFile<Input>(fileJob: FileJob<Input>, job: FileJobItem<Input>): Promise<void> {
  await deleteObject(fileJob.fileKey(job.jobId, job.input)).catch((error: unknown) => log('warn', fileJob.notDeleted, { jobId: job.jobId, error: String(error) }));
}

/**
 * The download link of the caller's finished job `jobId`: anyone else's, another kind's, a failed
 * one are the 404 of none (a running one too, or 409 by `linkWhileRunning`). `allowed` decides
 * again, from the job's input, whether the caller may still have it; a file past its days is
 * deleted and refused; `beforeSigning` runs last before the link is signed (the read-access log).
 */
export async function fileJobLink<Input>(
  fileJob: FileJob<Input>,
  jobId: string,
  ownerId: string,
  steps: { allowed?: (job: FileJobItem<Input>) => Promise<unknown>; beforeSigning?: (job: FileJobItem<Input>) => Promise<unknown> } = {},
): Promise<{ url: string; name: string }> {
  const job = (await getJob(jobId)) as FileJobItem<Input> | null;
  if (!job || job.ownerId !== ownerId || job.kind !== fileJob.kind) throw new NotFoundError(fileJob.none);
  if (!FINISHED.has(job.status) && fileJob.linkWhileRunning === 'refuse') throw new ConflictError(fileJob.running);
  if (job.status !== 'succeeded') throw new NotFoundError(fileJob.none);
  await steps.allowed?.(job);
  const result = job.result as FileResult;
  if (Date.parse(result.expiresAt) <= Date.now()) {
    await removeFile(fileJob, job);
    throw new NotFoundError(fileJob.expired);
  }
  await steps.beforeSigning?.(job);
  return { url: await presignDownloadFor(fileJob.fileKey(job.jobId, job.input), result.fileName, EXPORT_LINK_SECONDS), name: result.fileName };
}
