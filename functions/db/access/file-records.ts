import type { EntityItem } from 'electrodb';
import type { uploadedFile } from '../entities/uploaded-file';
import { db } from '../service';
import { batchGet } from '../transact';
import type { FileView } from '../../../shared/api/file';

export type UploadedFileItem = EntityItem<typeof uploadedFile>;

/** By storage key (gsi3 `byKey`): one Query, at most one item. */
export async function findFileByKey(fileKey: string): Promise<UploadedFileItem | null> {
  const { data } = await db().entities.uploadedFile.query.byKey({ fileKey }).go({ limit: 1 });
  return data[0] ?? null;
}

/** A user's own file by key (one get): someone else's key finds nothing. */
export async function findOwnFile(userId: string, fileKey: string): Promise<UploadedFileItem | null> {
  const { data } = await db().entities.uploadedFile.get({ userId, fileKey }).go({ consistent: true });
  return data ?? null;
}

/** A user's files by key (BatchGet); unknown keys are left out. */
export async function ownFiles(userId: string, fileKeys: string[]): Promise<Map<string, UploadedFileItem>> {
  const found = await batchGet<UploadedFileItem>(db().entities.uploadedFile, [...new Set(fileKeys)].map((fileKey) => ({ userId, fileKey })));
  return new Map(found.map((item) => [item.fileKey, item]));
}

export function fileView(item: UploadedFileItem): FileView {
  return { key: item.fileKey, name: item.name, kind: item.kind, contentType: item.contentType, size: item.size, status: item.status, createdAt: item.createdAt };
}
