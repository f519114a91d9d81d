import { db } from '../../../../db/service';
import { packTransactions, transact, type TransactionItem } from '../../../../db/transact';
import { ifVersion } from '../../../../db/versioned';

/** Items of the enrolment's partition read per page while its parts are renamed. */
const PARTITION_PAGE = 100;

const partitionPage = (trackInstanceId: string, cursor: string | null) =>
  db().collections.trackInstanceAggregate({ trackInstanceId }).go({ limit: PARTITION_PAGE, consistent: true, cursor });

/**
 * Upload entries renamed from one uploader to another: those `from` uploaded, or of those only
 * the keys `which` answers (an undo: the files whose records go back).
 */
export interface UploadRename {
  from: string;
  to: string;
  which?: (fileKeys: string[]) => Promise<ReadonlySet<string>>;
}

/**
 * Walks the enrolment's partition a page at a time and writes each page's renames before reading
 * the next (each safe to repeat): step and form instances pointed at `participantId` (those not
 * yet), and upload entries renamed as `uploads` says, so `uploadedBy` names whoever holds the
 * file's record (a removal deletes it there). Forms and contents are written on their versions.
 */
export async function alignParts(trackInstanceId: string, participantId: string, uploads: UploadRename): Promise<void> {
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof partitionPage>> = await partitionPage(trackInstanceId, cursor);
    const { stepInstance: steps, formInstance: forms, stepContentInstance: contents } = page.data;
    const uploaded = contents.flatMap((content) => (content.upload?.files ?? []).filter((file) => file.uploadedBy === uploads.from).map((file) => file.fileKey));
    const renamed = uploads.which ? await uploads.which(uploaded) : new Set(uploaded);
    const renames = (file: { fileKey: string; uploadedBy?: string }) => file.uploadedBy === uploads.from && renamed.has(file.fileKey);
    const writes: TransactionItem[] = [
      ...steps
        .filter((step) => step.participantId !== participantId)
        .map((step): TransactionItem => (tx) => tx.stepInstance.patch({ trackInstanceId, stepInstanceId: step.stepInstanceId }).set({ participantId }).commit()),
      // The form's participant is part of its keys (a user's forms): the item is written whole, on the version read.
      ...forms
        .filter((form) => form.participantId !== participantId)
        .map((form): TransactionItem => (tx) => tx.formInstance.put({ ...form, participantId, version: form.version + 1 }).where(ifVersion(form.version)).commit()),
      ...contents
        .filter((content) => content.upload?.files?.some(renames))
        .map((content): TransactionItem => {
          const files = content.upload!.files!.map((file) => (renames(file) ? { ...file, uploadedBy: uploads.to } : file));
          const key = { trackInstanceId, stepInstanceId: content.stepInstanceId, contentInstanceId: content.contentInstanceId };
          return (tx) => tx.stepContentInstance.patch(key).set({ upload: { ...content.upload, files } }).add({ version: 1 }).where(ifVersion(content.version)).commit();
        }),
    ];
    for (const chunk of packTransactions(writes.map((write) => [write]))) await transact(chunk);
    cursor = page.cursor;
  } while (cursor);
}
