import { Match, type Template } from 'aws-cdk-lib/assertions';
import { tableDefinition } from '../../functions/db/table';
import { PENDING_UPLOAD_DAYS, PENDING_UPLOAD_PREFIX } from '../../shared/files/pending-uploads';
import { EXPORT_ARCHIVE_DAYS, EXPORT_PREFIX } from '../../shared/files/data-exports';
import { SYNTH_TIMEOUT, synthFormation, TEST_DOMAIN } from './support/synth-formation';

let data: Template;
beforeAll(() => {
  data = synthFormation().templates.data;
}, SYNTH_TIMEOUT);

function theTable() {
  const tables = Object.values(data.findResources('AWS::DynamoDB::Table'));
  expect(tables).toHaveLength(1);
  return tables[0] as { Properties: Record<string, any>; DeletionPolicy: string; UpdateReplacePolicy: string };
}

describe('the table', () => {
  it('has exactly the keys and indexes the entities define', () => {
    const { Properties: table } = theTable();
    expect(table.KeySchema).toEqual([
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ]);
    const gsis = (table.GlobalSecondaryIndexes ?? []).map((g: any) => ({
      indexName: g.IndexName,
      partitionKey: g.KeySchema.find((k: any) => k.KeyType === 'HASH').AttributeName,
      sortKey: g.KeySchema.find((k: any) => k.KeyType === 'RANGE').AttributeName,
      projection: g.Projection.ProjectionType,
    }));
    expect(gsis).toEqual(tableDefinition.globalSecondaryIndexes.map((g) => ({ ...g, projection: 'ALL' })));
    const keyAttributes = new Set([tableDefinition.partitionKey, tableDefinition.sortKey, ...tableDefinition.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey])]);
    expect(table.AttributeDefinitions).toHaveLength(keyAttributes.size);
    for (const attribute of table.AttributeDefinitions) expect(attribute.AttributeType).toBe('S');
  });

  it('is pay per request, recoverable, protected from deletion and retained', () => {
    const table = theTable();
    expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
  });

  it('streams changes for the outbox worker and expires items by ttl', () => {
    const { Properties: table } = theTable();
    expect(table.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true });
  });
});

function uploadsBucket(): any {
  const found = Object.values(data.findResources('AWS::S3::Bucket')).filter((b: any) => b.Properties.CorsConfiguration);
  expect(found).toHaveLength(1);
  return found[0];
}

function logBucketId(): string {
  const ids = Object.entries(data.findResources('AWS::S3::Bucket')).filter(([, b]: any) => b.Properties.OwnershipControls?.Rules[0].ObjectOwnership === 'BucketOwnerPreferred');
  expect(ids).toHaveLength(1);
  return ids[0][0];
}

describe('the uploads bucket', () => {
  it('is private, encrypted, retained and refuses plain HTTP', () => {
    data.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      }),
    });
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });

  it('lets only the app origin post presigned uploads from the browser', () => {
    const bucket = uploadsBucket();
    const rules = bucket.Properties.CorsConfiguration.CorsRules;
    expect(rules).toHaveLength(1);
    expect(rules[0].AllowedOrigins).toEqual([`https://${TEST_DOMAIN}`]);
    expect(rules[0].AllowedMethods).toContain('POST');
    expect(rules[0].AllowedMethods).not.toContain('PUT');
    expect(rules[0].AllowedMethods).not.toContain('DELETE');
  });
});

describe('the uploads bucket lifecycle', () => {
  it('expires unconfirmed uploads (the pending prefix) and leaves confirmed files alone', () => {
    const rules = uploadsBucket().Properties.LifecycleConfiguration.Rules as any[];
    expect(rules).toContainEqual(expect.objectContaining({ Id: 'ExpireUnconfirmedUploads', Prefix: PENDING_UPLOAD_PREFIX, ExpirationInDays: PENDING_UPLOAD_DAYS, Status: 'Enabled' }));
    // Every expiring rule is limited to the pending prefix or the data exports' one: nothing else is ever expired.
    for (const rule of rules.filter((r) => r.ExpirationInDays !== undefined)) expect([PENDING_UPLOAD_PREFIX, EXPORT_PREFIX]).toContain(rule.Prefix);
  });

  it("deletes a data export's archive after its days, and its older versions a day later (issue 25, item 4)", () => {
    const rules = uploadsBucket().Properties.LifecycleConfiguration.Rules as any[];
    expect(rules).toContainEqual(
      expect.objectContaining({ Id: 'ExpireDataExports', Prefix: EXPORT_PREFIX, ExpirationInDays: EXPORT_ARCHIVE_DAYS, NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' }),
    );
  });
});

describe('the uploads bucket access', () => {
  it('logs every request to the log bucket', () => {
    expect(uploadsBucket().Properties.LoggingConfiguration).toEqual({ DestinationBucketName: { Ref: logBucketId() }, LogFilePrefix: 's3-access/uploads/' });
  });

  it('is granted through one managed policy: object read, write and delete, nothing on the bucket itself', () => {
    const policies = Object.values(data.findResources('AWS::IAM::ManagedPolicy')) as any[];
    expect(policies).toHaveLength(1);
    const [statement] = policies[0].Properties.PolicyDocument.Statement;
    expect(statement.Action.sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect(JSON.stringify(statement.Resource)).toMatch(/Uploads.*Arn.*\/\*/);
  });
});

describe('the log bucket', () => {
  it('is private, encrypted, HTTPS only, owned by the account, kept, and expires logs after the retention setting', () => {
    const bucket = data.toJSON().Resources[logBucketId()];
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([expect.objectContaining({ ExpirationInDays: 30, Status: 'Enabled' })]);
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logBucketId() },
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('lets S3 deliver access logs by bucket policy, from this account only, with no log-delivery ACL', () => {
    const bucket = data.toJSON().Resources[logBucketId()];
    expect(bucket.Properties.AccessControl).toBeUndefined();
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logBucketId() },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'logging.s3.amazonaws.com' },
            Action: 's3:PutObject',
            Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
          }),
        ]),
      },
    });
  });
});
