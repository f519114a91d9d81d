import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { PrivateBucket } from '../constructs/private-bucket';
import { TableFromEntities, type EntityTableDefinition } from '../constructs/table-from-entities';

export interface DataStackProps extends StackProps {
  tableDefinition: EntityTableDefinition;
  /** The app's origin: the only one allowed to upload straight to the bucket. */
  appUrl: string;
}

/** What outlives every deploy: the table and the uploaded files. */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly uploads: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    this.table = new TableFromEntities(this, 'Data', props.tableDefinition).table;

    this.uploads = new PrivateBucket(this, 'Uploads', {
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
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
  }
}
