import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { acknowledge } from '../constructs/acknowledge';
import { LogBucket } from '../constructs/log-bucket';
import { PrivateBucket } from '../constructs/private-bucket';
import { TableFromEntities, type EntityTableDefinition } from '../constructs/table-from-entities';
import { PENDING_UPLOAD_DAYS, PENDING_UPLOAD_PREFIX } from '../../shared/files/pending-uploads';
import { EXPORT_ARCHIVE_DAYS, EXPORT_PREFIX } from '../../shared/files/data-exports';

export interface DataStackProps extends StackProps {
  tableDefinition: EntityTableDefinition;
  /** The app's origin: the only one allowed to upload straight to the bucket. */
  appUrl: string;
  /** How long access logs are kept. */
  logRetention: RetentionDays;
}

/** How long a replaced or deleted upload stays restorable (an older version of a versioned object). */
export const UPLOADS_NONCURRENT_DAYS = 30;

/** What outlives every deploy: the table, the uploaded files and the access logs. */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  /** The table's index names, so grants can name each index rather than index/*. */
  readonly indexNames: readonly string[];
  readonly uploads: s3.Bucket;
  /** CloudFront standard logs and S3 server access logs (docs/deploy.md, "Logs"). */
  readonly logs: LogBucket;
  /** Object read, write and delete on the uploads bucket, for the functions that handle files. */
  readonly uploadsObjectAccess: iam.ManagedPolicy;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    this.table = new TableFromEntities(this, 'Data', props.tableDefinition).table;
    this.indexNames = props.tableDefinition.globalSecondaryIndexes.map((gsi) => gsi.indexName);
    this.logs = new LogBucket(this, 'Logs', { retention: props.logRetention });

    this.uploads = new PrivateBucket(this, 'Uploads', {
      logBucket: this.logs,
      removalPolicy: RemovalPolicy.RETAIN,
      // The browser posts presigned forms here and reads presigned GETs; nothing else crosses origins.
      cors: [
        {
          allowedOrigins: [props.appUrl],
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'Location'],
          maxAge: 3000,
        },
      ],
      // Versioned, so a file deleted or replaced by mistake (or by a bug) can be restored for a while.
      versioned: true,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // What versioning keeps is kept only so long: older versions and deleted files go after this.
        { id: 'ExpireOldVersions', noncurrentVersionExpiration: Duration.days(UPLOADS_NONCURRENT_DAYS) },
        // Once its older versions are gone, a delete marker alone is removed too.
        { id: 'RemoveLoneDeleteMarkers', expiredObjectDeleteMarker: true },
        // Uploads land under the pending prefix until confirmed; what is never confirmed expires.
        { id: 'ExpireUnconfirmedUploads', prefix: PENDING_UPLOAD_PREFIX, expiration: Duration.days(PENDING_UPLOAD_DAYS) },
        // A person's data export (its archive and the parts a failed one left) goes after its days, versions and all.
        { id: 'ExpireDataExports', prefix: EXPORT_PREFIX, expiration: Duration.days(EXPORT_ARCHIVE_DAYS), noncurrentVersionExpiration: Duration.days(1) },
      ],
    });

    // Defined beside the bucket (and attached to roles in the API stack) so the one wildcard it
    // needs is stated, and explained, once.
    this.uploadsObjectAccess = new iam.ManagedPolicy(this, 'UploadsObjectAccess', {
      description: 'Read, write and delete uploaded files (functions that handle files)',
      statements: [new iam.PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], resources: [this.uploads.arnForObjects('*')] })],
    });
    const bucketId = this.resolve(this.getLogicalId(this.uploads.node.defaultChild as s3.CfnBucket)) as string;
    acknowledge(this.uploadsObjectAccess, {
      [`IAM5[Resource::<${bucketId}.Arn>/*]`]:
        'Object keys are generated per upload by the server (presigned POST), so the grant covers the objects of this one bucket; no bucket-level or list action is granted.',
    });
  }
}
