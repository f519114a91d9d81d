import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
// s3rver accepts only access keys it knows; register the fake one every local client uses.
import AWSAccount from 's3rver/lib/models/account.js';

export interface LocalS3 {
  url: string;
  stop(): Promise<void>;
}

/** The browser uploads with a presigned POST and downloads with a presigned GET from the app's origin. */
function corsConfiguration(appOrigin: string): string {
  return `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${appOrigin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

/**
 * s3rver on loopback with the uploads bucket. `directory` keeps objects across restarts;
 * without it a temporary folder is used and removed on stop. Note: s3rver does not check
 * signatures or POST policies; real S3 does.
 */
export async function startLocalS3(options: { port: number; bucket: string; appOrigin: string; directory?: string }): Promise<LocalS3> {
  AWSAccount.DUMMY_ACCOUNT.createKeyPair('local', 'local');
  const temporary = options.directory ? undefined : await mkdtemp(join(tmpdir(), 'formation-s3-'));
  if (options.directory) await mkdir(options.directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    silent: true,
    directory: options.directory ?? temporary,
    configureBuckets: [{ name: options.bucket, configs: [corsConfiguration(options.appOrigin)] }],
  });
  await server.run();
  return {
    url: `http://127.0.0.1:${options.port}`,
    stop: async () => {
      await server.close();
      if (temporary) await rm(temporary, { recursive: true, force: true });
    },
  };
}
