import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { EXPORT_ARCHIVE_DAYS, EXPORT_ARCHIVE_MAX_BYTES, EXPORT_PREFIX } from '../../../../shared/files/data-exports';
import type { DataExportResult } from '../../../../shared/api/user-export';
import { loadUserAggregate } from '../../../db/access/user-aggregate';
import { JobFailure, type JobItem, type JobKind } from '../../../db/jobs';
import { deleteObject, describeObject, putObject, readObjectStream } from '../../../lib/adapters/storage';
import { authContextOf, type AuthContext } from '../../session/resolve-session';
import { gatherEnrolment, gatherPerson, type ExportFile } from './export-gather';
import { gatherRecords } from './export-records';
import { writeZip, zipLength, type ZipEntry } from '../../../lib/tabular/zip-writer';

/**
 * A person's data export (issue 25, item 4), the job that data-export.ts starts: one page per step,
 * progress in steps (the profile with what was recorded about the person, each enrolment, the archive). The parts are read with the
 * requester's rights (export-gather.ts) and staged as JSON objects under the export's prefix between
 * steps, so a step holds one enrolment at most; the last step streams the staged parts and the
 * original files from storage into the .zip (zip-writer.ts) as one PutObject of known length, holding
 * no file whole, then deletes the staged parts. Every step only (re)writes its own objects: one
 * repeated after a crash writes the same again.
 */
export const DATA_EXPORT_JOB_KIND = 'user.dataExport';

export interface DataExportInput {
  userId: string;
  requesterId: string;
  /** A fresh id per export: its objects' prefix, so a new export never mixes with an earlier one. */
  exportId: string;
}

interface ExportCursor {
  /** The enrolments to export (at most ASSIGNED_TRACKS_MAX), in the profile's order. */
  enrolments: { id: string; trackName: string }[];
  /** The next enrolment to stage. */
  next: number;
}

/** A staged enrolment's record of its archive entry and files. */
interface StagedManifest {
  name: string;
  files: ExportFile[];
}

/**
 * One export per person and requester: a second cannot start while one runs (data-export.ts). A
 * digest of the pair, so the id fits a job route's id (ID_MAX_LENGTH) whatever the two ids' lengths.
 */
export function exportJobId(userId: string, requesterId: string): string {
  return `export-${createHash('sha256').update(`${userId}\u0000${requesterId}`).digest('hex').slice(0, 40)}`;
}

const exportFolder = (jobId: string, input: DataExportInput) => `${EXPORT_PREFIX}${jobId}/${input.exportId}/`;
/** The archive's object key. */
export const archiveKey = (jobId: string, input: DataExportInput) => `${exportFolder(jobId, input)}archive.zip`;
const stagedKey = (jobId: string, input: DataExportInput, part: string) => `${exportFolder(jobId, input)}staging/${part}`;

/** The name a person's archive is saved under. */
export const archiveFileName = (exportedAt: string) => `data-export-${exportedAt.slice(0, 10)}.zip`;

/** A file or folder name as an archive entry's segment: no separators, no control characters, bounded. */
export function entrySegment(text: string, max = 100): string {
  const clean = text
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
    .replace(/^\.+/, '_')
    .trim();
  return (clean || 'unnamed').slice(0, max);
}

/** The requester as they are now (an inactive or removed requester's export stops). */
async function requesterContext(job: JobItem & { input: DataExportInput }): Promise<AuthContext> {
  const aggregate = await loadUserAggregate(job.input.requesterId, { consistent: true });
  if (!aggregate || aggregate.user.inactive) throw new JobFailure('The person who started this export can no longer sign in.');
  const auth = await authContextOf(aggregate, { sessionId: `job:${job.jobId}` });
  // Who may export whom is decided again on the requester's rights now (data-export.ts decided it at the start).
  if (job.input.userId !== auth.userId && !auth.isSuperadmin) throw new JobFailure('You may no longer export this person.');
  return auth;
}

/** The person's History and read-access log (export-records.ts). */
const RECORDS_ENTRY = 'records.json';

const json = (value: unknown) => JSON.stringify(value, null, 2);

export const dataExportJob: JobKind<DataExportInput> = {
  async step(job) {
    const input = job.input;
    const cursor = job.cursor as ExportCursor | undefined;
    if (!cursor) {
      const auth = await requesterContext(job);
      const [part, records] = await Promise.all([gatherPerson(auth, input.userId, job.createdAt), gatherRecords(auth, input.userId)]);
      await putObject(stagedKey(job.jobId, input, 'person.json'), json(part.person), { contentType: 'application/json' });
      await putObject(stagedKey(job.jobId, input, RECORDS_ENTRY), json(records), { contentType: 'application/json' });
      return { done: 1, total: part.enrolments.length + 2, cursor: { enrolments: part.enrolments, next: 0 } satisfies ExportCursor };
    }
    const total = cursor.enrolments.length + 2;
    const enrolment = cursor.enrolments[cursor.next];
    if (enrolment) {
      const auth = await requesterContext(job);
      const part = await gatherEnrolment(auth, enrolment.id);
      const name = `enrolments/${entrySegment(enrolment.trackName)}-${enrolment.id}.json`;
      await putObject(stagedKey(job.jobId, input, `${cursor.next}.json`), json(part.enrolment), { contentType: 'application/json' });
      await putObject(stagedKey(job.jobId, input, `${cursor.next}.manifest.json`), JSON.stringify({ name, files: part.files } satisfies StagedManifest), { contentType: 'application/json' });
      return { done: 1, total, cursor: { ...cursor, next: cursor.next + 1 } satisfies ExportCursor };
    }
    const result = await writeArchive(job, cursor);
    return { done: 1, total, finished: true, result };
  },
};

async function stagedText(key: string): Promise<string> {
  const stream = await readObjectStream(key);
  if (!stream) throw new Error(`Staged part ${key} is missing.`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** An entry read from storage, when it comes. */
function storedEntry(name: string, key: string, size: number): ZipEntry {
  return {
    name,
    size,
    open: async () => {
      const stream = await readObjectStream(key);
      if (!stream) throw new Error(`Object ${key} disappeared while the archive was written.`);
      return stream;
    },
  };
}

/** The last step: the archive from the staged parts and the files, then the staged parts go. */
async function writeArchive(job: JobItem & { input: DataExportInput }, cursor: ExportCursor): Promise<DataExportResult> {
  const input = job.input;
  const staged = [stagedKey(job.jobId, input, 'person.json')];
  const personSize = (await describeObject(staged[0]))?.size;
  if (personSize === undefined) throw new Error('The staged profile is missing.');
  const entries: ZipEntry[] = [storedEntry('person.json', staged[0], personSize)];
  const recordsKey = stagedKey(job.jobId, input, RECORDS_ENTRY);
  const recordsSize = (await describeObject(recordsKey))?.size;
  // An export whose first step ran before records were staged has none to add.
  if (recordsSize !== undefined) {
    staged.push(recordsKey);
    entries.push(storedEntry(RECORDS_ENTRY, recordsKey, recordsSize));
  }
  const fileEntries: ZipEntry[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < cursor.enrolments.length; index++) {
    const partKey = stagedKey(job.jobId, input, `${index}.json`);
    const manifestKey = stagedKey(job.jobId, input, `${index}.manifest.json`);
    staged.push(partKey, manifestKey);
    const manifest = JSON.parse(await stagedText(manifestKey)) as StagedManifest;
    const size = (await describeObject(partKey))?.size;
    if (size === undefined) throw new Error(`The staged enrolment ${index} is missing.`);
    entries.push(storedEntry(manifest.name, partKey, size));
    for (const file of manifest.files) {
      if (seen.has(file.key)) continue;
      seen.add(file.key);
      // The stored object's own length (a file whose object is gone is left out).
      const stored = await describeObject(file.key);
      if (stored) fileEntries.push(storedEntry(`files/${file.key}-${entrySegment(file.name, 150)}`, file.key, stored.size));
    }
  }
  entries.push(...fileEntries);
  const bytes = zipLength(entries);
  if (bytes > EXPORT_ARCHIVE_MAX_BYTES) throw new JobFailure(`This export would be ${Math.ceil(bytes / 1024 / 1024)} MB, more than the ${EXPORT_ARCHIVE_MAX_BYTES / 1024 / 1024} MB one archive may hold.`);

  const body = new PassThrough();
  const writing = writeZip(entries, body, new Date(job.createdAt)).catch((error: unknown) => {
    body.destroy(error as Error);
    throw error;
  });
  await Promise.all([putObject(archiveKey(job.jobId, input), body, { contentType: 'application/zip', contentLength: bytes }), writing]);
  for (const key of staged) await deleteObject(key);
  const expiresAt = new Date(Date.now() + EXPORT_ARCHIVE_DAYS * 24 * 3600 * 1000).toISOString();
  return { fileName: archiveFileName(job.createdAt), bytes, files: fileEntries.length, enrolments: cursor.enrolments.length, expiresAt };
}
