import type { FileView, UploadGrant, UploadTarget } from '@shared/api/file';
import { ABORT_MESSAGE } from '../api/api-error';
import { call } from '../api/client';
import { routes } from '../api/routes';

export const UPLOAD_FAILED = 'The upload failed. Please try again.';

/**
 * The browser's POST of a grant (ARCHITECTURE.md section 8): the signed fields, then the file
 * last, straight to the bucket, with progress as a fraction. XMLHttpRequest, because fetch
 * reports no upload progress.
 */
function postToBucket(grant: UploadGrant, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.upload.fields)) form.append(name, value);
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', grant.upload.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(UPLOAD_FAILED)));
    request.onerror = () => reject(new Error(UPLOAD_FAILED));
    request.onabort = () => reject(new Error(ABORT_MESSAGE));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/**
 * Uploads one file for a target: asks the server for a grant (it checks the kind and size
 * again), posts the file to the bucket, then confirms it. Rejects with the server's message
 * (e.g. the kind's or the size's) or UPLOAD_FAILED.
 */
export async function uploadFile(target: UploadTarget, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<FileView> {
  const grant = await call(routes.file.requestUpload, { body: { target, name: file.name, size: file.size }, signal });
  await postToBucket(grant, file, onProgress, signal);
  onProgress(1);
  return call(routes.file.confirmUpload, { params: { key: grant.file.key }, signal });
}

/** Opens a file the caller may read: the server answers a short-lived link, the browser follows it. */
export async function downloadFile(key: string): Promise<void> {
  const { url } = await call(routes.file.download, { params: { key } });
  window.location.assign(url);
}

/** Deletes one's own upload that nothing uses (the server refuses one still attached or answered). */
export async function removeFile(key: string): Promise<void> {
  await call(routes.file.remove, { params: { key } });
}

/** A stored file as answers and lists keep it. */
export interface FileRef {
  key: string;
  name: string;
  /** Bytes, where the list shows sizes (a step's attachments). */
  size?: number;
}

/** A file's size as lists show it: bytes, KB or MB (1024-based, one decimal past KB). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Sends one file somewhere and answers what was stored; the upload component calls it per file. */
export type Uploader = (file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) => Promise<FileRef>;

/** Uploads for one target through the file service. */
export function uploaderFor(target: UploadTarget): Uploader {
  return async (file, onProgress, signal) => {
    const stored = await uploadFile(target, file, onProgress, signal);
    return { key: stored.key, name: stored.name, size: stored.size };
  };
}
