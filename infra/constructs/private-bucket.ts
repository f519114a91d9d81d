import { Validations } from 'aws-cdk-lib';
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
      // A plain reference, so CDK does not switch the log bucket to the legacy log-delivery ACL:
      // the log bucket's own policy lets S3 deliver (LogBucket).
      serverAccessLogsBucket: s3.Bucket.fromBucketName(scope, `${id}LogTarget`, logBucket.bucketName),
      serverAccessLogsPrefix: LOG_PREFIXES.s3Access(id),
    });
    Validations.of(this).acknowledge({
      id: '@aws-cdk/aws-s3:accessLogsPolicyNotAdded',
      reason: 'The log bucket grants S3 log delivery itself, by bucket policy (LogBucket).',
    });
  }
}
