import type { Readable } from 'node:stream';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';
import { traceClient } from '../tracing';
import { PENDING_UPLOAD_PREFIX } from '../../../shared/files/pending-uploads';

const UPLOAD_SECONDS = 10 * 60;
const DOWNLOAD_SECONDS = 5 * 60;

let client: S3Client | undefined;

/**
 * With an endpoint (the local S3 stand-in): path-style addressing, as it has no bucket
 * subdomains, and the fixed fake credentials it was told to accept.
 */
function s3Client(): S3Client {
  const endpoint = config.s3Endpoint;
  client ??= traceClient(
    new S3Client({
      region: config.region,
      // s3rver keeps a streamed body's aws-chunked framing (the SDK's default CRC32 trailer) as the object's bytes: locally the
      // SDK sends a checksum only where an operation requires one, so a streamed PutObject (a data export) arrives as plain bytes.
      ...(endpoint ? { endpoint, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, requestChecksumCalculation: 'WHEN_REQUIRED' as const } : {}),
    }),
  );
  return client;
}

export interface UploadRequest {
  /** Server-generated object key; never taken from the client. */
  key: string;
  contentType: string;
  maxBytes: number;
}

const pendingKey = (key: string) => `${PENDING_UPLOAD_PREFIX}${key}`;

/** A browser form POST straight to the bucket, limited to this key (under the pending prefix), type and size. */
export function presignUpload({ key, contentType, maxBytes }: UploadRequest): Promise<PresignedPost> {
  return createPresignedPost(s3Client(), {
    Bucket: config.uploadsBucket,
    Key: pendingKey(key),
    Fields: { 'Content-Type': contentType },
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Expires: UPLOAD_SECONDS,
  });
}

/**
 * A short-lived download link the browser can navigate to. With a file name the browser
 * saves the file under it (as an attachment, so the bucket never renders a page).
 */
export function presignDownload(key: string, fileName?: string): Promise<string> {
  const disposition = fileName ? attachmentDisposition(fileName) : undefined;
  return getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: config.uploadsBucket, Key: key, ResponseContentDisposition: disposition }), {
    expiresIn: DOWNLOAD_SECONDS,
  });
}

/** RFC 6266: an ASCII fallback name and the exact name in UTF-8. */
function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export interface StoredObject {
  size: number;
  contentType?: string;
}

/** What arrived under a key, or null when nothing did. */
/** What arrived for an upload not confirmed yet (under the pending prefix), or null. */
export function describeUpload(key: string): Promise<StoredObject | null> {
  return describeObject(pendingKey(key));
}

/** A stored object's size and type, or null when there is none. */
export async function describeObject(objectKey: string): Promise<StoredObject | null> {
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: objectKey }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound') return null;
    throw error;
  }
}

/**
 * A confirmed upload moves out of the pending prefix to its key, out of reach of the
 * lifecycle rule. Repeating it copies the same bytes again, so a retried confirmation is safe.
 */
export async function promoteUpload(key: string): Promise<void> {
  await s3Client().send(new CopyObjectCommand({ Bucket: config.uploadsBucket, Key: key, CopySource: `${config.uploadsBucket}/${pendingKey(key)}`, MetadataDirective: 'COPY' }));
}

/** The pending copy, once its promotion is recorded (the lifecycle rule would take it anyway). */
export async function removePendingUpload(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: pendingKey(key) }));
}

/** A file's object, wherever it is (deleting what is not there is no error). */
export async function removeUpload(key: string): Promise<void> {
  await Promise.all([key, pendingKey(key)].map((Key) => s3Client().send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key }))));
}

/**
 * An object's bytes as a stream (a data export reads each file through it, never whole), or null
 * when there is none.
 */
export async function readObjectStream(objectKey: string): Promise<Readable | null> {
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key: objectKey }));
    return object.Body as Readable;
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

/** Writes an object from bytes, or from a stream of exactly `contentLength` bytes (one PutObject, no buffering). */
export async function putObject(objectKey: string, body: Uint8Array | string | Readable, options: { contentType: string; contentLength?: number }): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({ Bucket: config.uploadsBucket, Key: objectKey, Body: body, ContentType: options.contentType, ...(options.contentLength !== undefined ? { ContentLength: options.contentLength } : {}) }),
  );
}

/** Deletes an object (deleting what is not there is no error). */
export async function deleteObject(objectKey: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: objectKey }));
}

/** A download link that lasts `seconds` (a data export's archive: EXPORT_LINK_SECONDS), saved under `fileName`. */
export function presignDownloadFor(key: string, fileName: string, seconds: number): Promise<string> {
  return getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: config.uploadsBucket, Key: key, ResponseContentDisposition: attachmentDisposition(fileName) }), { expiresIn: seconds });
}
