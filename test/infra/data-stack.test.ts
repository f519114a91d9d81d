import { Match, type Template } from 'aws-cdk-lib/assertions';
import { tableDefinition } from '../../functions/db/table';
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
    const [bucket] = Object.values(data.findResources('AWS::S3::Bucket')) as any[];
    const rules = bucket.Properties.CorsConfiguration.CorsRules;
    expect(rules).toHaveLength(1);
    expect(rules[0].AllowedOrigins).toEqual([`https://${TEST_DOMAIN}`]);
    expect(rules[0].AllowedMethods).toContain('POST');
    expect(rules[0].AllowedMethods).not.toContain('PUT');
    expect(rules[0].AllowedMethods).not.toContain('DELETE');
  });
});
