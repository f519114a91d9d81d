import { DescribeTableCommand, DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '../../../functions/db/client';
import { entities } from '../../../functions/db/entities';
import { createTableInput, ensureTable, tableDefinition } from '../../../functions/db/table';
import { useTableStream } from '../../support/table-stream';

useTableStream();

const tableName = () => process.env.TABLE_NAME!;

function indexesUsedByEntities() {
  const used = new Map<string, { pk: string; sk: string }>();
  for (const entity of Object.values(entities)) {
    for (const index of Object.values(entity.schema.indexes as Record<string, { index?: string; pk: { field: string }; sk: { field: string } }>)) {
      used.set(index.index ?? 'main', { pk: index.pk.field, sk: index.sk.field });
    }
  }
  return used;
}

describe('table definition derived from the entities', () => {
  it('has exactly the secondary indexes the entities use, with their key fields', () => {
    const used = indexesUsedByEntities();
    expect(used.get('main')).toEqual({ pk: 'pk', sk: 'sk' });
    used.delete('main');
    const declared = new Map(tableDefinition.globalSecondaryIndexes.map((gsi) => [gsi.indexName, { pk: gsi.partitionKey, sk: gsi.sortKey }]));
    expect(declared).toEqual(used);
    expect(tableDefinition).toMatchObject({ partitionKey: 'pk', sortKey: 'sk', timeToLiveAttribute: 'ttl' });
  });

  it('keeps the index count small and the names generic', () => {
    // gsi4 is sparse: only enrolments carry it (a track's enrolments by district, for district roles).
    expect(tableDefinition.globalSecondaryIndexes.map((gsi) => gsi.indexName)).toEqual(['gsi1', 'gsi2', 'gsi3', 'gsi4']);
  });

  it('creates an on-demand table with every index, a stream and TTL', async () => {
    const input = createTableInput('any-name');
    expect(input.BillingMode).toBe('PAY_PER_REQUEST');
    expect(input.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });

    const { Table } = await dynamoClient().send(new DescribeTableCommand({ TableName: tableName() }));
    expect(Table?.TableStatus).toBe('ACTIVE');
    expect(Table?.GlobalSecondaryIndexes?.map((gsi) => gsi.IndexName).sort()).toEqual(['gsi1', 'gsi2', 'gsi3', 'gsi4']);
    expect(Table?.StreamSpecification?.StreamEnabled).toBe(true);
    const ttl = await dynamoClient().send(new DescribeTimeToLiveCommand({ TableName: tableName() }));
    expect(ttl.TimeToLiveDescription?.AttributeName).toBe('ttl');
  });

  it('reports an existing table instead of failing', async () => {
    expect(await ensureTable(dynamoClient(), tableName())).toBe('exists');
  });
});
