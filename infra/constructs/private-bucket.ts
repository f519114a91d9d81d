import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/**
 * An S3 bucket nobody reaches except through IAM (functions, presigned URLs) or CloudFront's
 * Origin Access Control. The security settings come last so callers cannot weaken them.
 */
export class PrivateBucket extends s3.Bucket {
  constructor(scope: Construct, id: string, props: s3.BucketProps = {}) {
    super(scope, id, {
      ...props,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
    });
  }
}
