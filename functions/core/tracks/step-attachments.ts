import type { StepAttachmentView } from '../../../shared/schemas/step';
import { INVALID } from '../../../shared/forms/answer-schema';
import { newId } from '../../db/ids';
import type { TransactionItem } from '../../db/transact';
import { ValidationError } from '../../lib/errors';
import { ownFiles } from '../../db/access/file-records';
import type { StepItem } from './track-store';

/**
 * A step template's attachments (SPEC.md section 3): files uploaded through the file service
 * for the step's phase (target `stepAttachment`), listed on the step, each with a
 * `fileReference` item written and deleted in the step's own transaction. Copies of a step
 * (step import, track copy, phase import) share the files by key with a reference of their
 * own; a file goes (outbox `releaseFile`) only once no step lists it.
 */
export type StoredAttachment = NonNullable<StepItem['attachments']>[number];

/** The keys of the files a step lists: what a delete of the step must release. */
export const stepAttachmentKeys = (step: Pick<StepItem, 'attachments'>): string[] => (step.attachments ?? []).map((attachment) => attachment.fileKey);

export function toAttachmentView(attachment: StoredAttachment): StepAttachmentView {
  return { key: attachment.fileKey, name: attachment.name, size: attachment.size ?? 0, contentType: attachment.contentType ?? 'application/octet-stream' };
}

type StepKey = Pick<StepItem, 'trackTemplateId' | 'phaseId' | 'stepTemplateId'>;

const referenceOf = (step: StepKey, fileKey: string) => ({ fileKey, holderId: step.stepTemplateId, trackTemplateId: step.trackTemplateId, phaseId: step.phaseId });

/** A dropped file's reference goes, and the outbox releases the file (it stays while another step lists it). */
export function releaseWrites(step: StepKey, fileKeys: readonly string[]): TransactionItem[] {
  return fileKeys.flatMap((fileKey): TransactionItem[] => [
    (tx) => tx.fileReference.delete({ fileKey, holderId: step.stepTemplateId }).commit(),
    (tx) => tx.outbox.create({ outboxId: newId(), kind: 'releaseFile', payload: { key: fileKey } }).commit(),
  ]);
}

/**
 * The attachments a step write stores, and the writes that go with them. Files the step
 * already lists are kept whoever uploaded them; a new key must be the caller's own file,
 * confirmed, uploaded for this step's phase (anything else, a made-up key included, is
 * 'Invalid input' under its place). A new file's record moves on a version in the same
 * transaction: its uploader's delete (or a release in flight) then cannot slip in between.
 */
export async function planAttachments(
  userId: string,
  step: StepKey,
  input: ReadonlyArray<{ key: string }>,
  stored: readonly StoredAttachment[] = [],
): Promise<{ attachments: StoredAttachment[]; writes: TransactionItem[] }> {
  const kept = new Map(stored.map((attachment) => [attachment.fileKey, attachment]));
  const added = input.filter((file) => !kept.has(file.key)).map((file) => file.key);
  const files = added.length ? await ownFiles(userId, added) : new Map();
  const fieldErrors: Record<string, string[]> = {};
  const attachments = input.map((file, index): StoredAttachment => {
    const existing = kept.get(file.key);
    if (existing) return existing;
    const found = files.get(file.key);
    const fits = found && found.status === 'confirmed' && found.targetType === 'stepAttachment' && found.targetId === step.phaseId;
    if (!fits) {
      fieldErrors[`attachments.${index}.key`] = [INVALID];
      return { fileKey: file.key, name: '' };
    }
    return { fileKey: found.fileKey, name: found.name, size: found.size, contentType: found.contentType };
  });
  if (Object.keys(fieldErrors).length) throw new ValidationError(fieldErrors);
  const listed = new Set(input.map((file) => file.key));
  const dropped = stored.filter((attachment) => !listed.has(attachment.fileKey)).map((attachment) => attachment.fileKey);
  const writes: TransactionItem[] = [
    ...added.flatMap((fileKey): TransactionItem[] => [
      (tx) => tx.uploadedFile.patch({ userId, fileKey }).add({ version: 1 }).commit(),
      (tx) => tx.fileReference.put(referenceOf(step, fileKey)).commit(),
    ]),
    ...releaseWrites(step, dropped),
  ];
  return { attachments, writes };
}

/**
 * A copy of a step shares its files: a reference for the copy, on condition that the source's
 * reference is still there. A source that dropped a file first fails the copy's write (the
 * copy is retried from the source as it is now), so a release never misses a copy.
 */
export function copiedAttachmentWrites(source: StepKey & Pick<StepItem, 'attachments'>, copy: StepKey): TransactionItem[] {
  return stepAttachmentKeys(source).flatMap((fileKey): TransactionItem[] => [
    (tx) => tx.fileReference.check({ fileKey, holderId: source.stepTemplateId }).where((reference, op) => op.exists(reference.fileKey)).commit(),
    (tx) => tx.fileReference.put(referenceOf(copy, fileKey)).commit(),
  ]);
}
