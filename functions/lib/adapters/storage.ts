import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';

const UPLOAD_SECONDS = 10 * 60;
const DOWNLOAD_SECONDS = 5 * 60;

let client: S3Client | undefined;

/**
 * With an endpoint (the local S3 stand-in): path-style addressing, as it has no bucket
 * subdomains, and the fixed fake credentials it was told to accept.
 */
function s3Client(): S3Client {
  const endpoint = config.s3Endpoint;
  client ??= new S3Client({
    region: config.region,
    ...(endpoint ? { endpoint, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return client;
}

export interface UploadRequest {
  /** Server-generated object key; never taken from the client. */
  key: string;
  contentType: string;
  maxBytes: number;
}

/** A browser form POST straight to the bucket, limited to this key, type and size. */
export function presignUpload({ key, contentType, maxBytes }: UploadRequest): Promise<PresignedPost> {
  return createPresignedPost(s3Client(), {
    Bucket: config.uploadsBucket,
    Key: key,
    Fields: { 'Content-Type': contentType },
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Expires: UPLOAD_SECONDS,
  });
}

/** A short-lived download link the browser can navigate to. */
export function presignDownload(key: string): Promise<string> {
  return getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: config.uploadsBucket, Key: key }), {
    expiresIn: DOWNLOAD_SECONDS,
  });
}
