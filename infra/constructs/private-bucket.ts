import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { LOG_PREFIXES } from './log-bucket';

export interface PrivateBucketProps extends s3.BucketProps {
  /** Receives the server access logs (under s3-access/<id>/). */
  logBucket: s3.IBucket;
}

/**
 * An S3 bucket nobody reaches except through IAM (functions, presigned URLs) or CloudFront's
 * Origin Access Control, with every request logged. The security settings come last so callers cannot weaken them.
 */
export class PrivateBucket extends s3.Bucket {
  constructor(scope: Construct, id: string, { logBucket, ...props }: PrivateBucketProps) {
    super(scope, id, {
      ...props,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: LOG_PREFIXES.s3Access(id),
    });
  }
}
