import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { acknowledge } from './acknowledge';

/** Where each producer writes inside the log bucket (docs/deploy.md, "Logs"). */
const S3_ACCESS = 's3-access/';
export const LOG_PREFIXES = {
  cloudFront: 'cloudfront/',
  s3Access: (bucket: string) => `${S3_ACCESS}${bucket.toLowerCase()}/`,
} as const;

/**
 * The access-log bucket: CloudFront standard logs and S3 server access logs. CloudFront writes
 * its logs with an ACL, so ACLs stay enabled, but the bucket owner owns every object; nothing is public.
 * S3 delivers its access logs under the bucket policy below (no log-delivery ACL), from this account only.
 * Logs expire after the retention setting (never, if that is "infinite") and outlive the stack.
 */
export class LogBucket extends s3.Bucket {
  constructor(scope: Construct, id: string, props: { retention: RetentionDays }) {
    super(scope, id, {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [
        {
          abortIncompleteMultipartUploadAfter: Duration.days(1),
          ...(props.retention === RetentionDays.INFINITE ? {} : { expiration: Duration.days(props.retention) }),
        },
      ],
    });
    this.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'S3ServerAccessLogs',
        principals: [new iam.ServicePrincipal('logging.s3.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.arnForObjects(`${S3_ACCESS}*`)],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    acknowledge(this, {
      S1: 'This is the access-log bucket itself: logging it into itself would log its own log writes without end.',
    });
  }
}
