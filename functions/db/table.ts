import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type CreateTableCommandInput,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { entities } from './entities';

export interface GlobalSecondaryIndexDefinition {
  indexName: string;
  partitionKey: string;
  sortKey: string;
}

export interface TableDefinition {
  partitionKey: 'pk';
  sortKey: 'sk';
  globalSecondaryIndexes: GlobalSecondaryIndexDefinition[];
  timeToLiveAttribute: 'ttl';
}

interface IndexSchema {
  index?: string;
  pk: { field: string };
  sk?: { field: string };
}

/**
 * Walks every entity's indexes and collects the table's key fields and GSIs, so the
 * table (local and CDK) can never disagree with the entities. Entities that share an
 * index must use the same key fields for it.
 */
function deriveTableDefinition(): TableDefinition {
  const gsis = new Map<string, GlobalSecondaryIndexDefinition & { usedBy: string }>();
  for (const [name, entity] of Object.entries(entities)) {
    const indexes = entity.schema.indexes as Record<string, IndexSchema>;
    for (const [accessPattern, index] of Object.entries(indexes)) {
      const where = `${name}.${accessPattern}`;
      if (!index.sk) throw new Error(`${where}: every index needs a sort key field`);
      if (!index.index) {
        if (index.pk.field !== 'pk' || index.sk.field !== 'sk') throw new Error(`${where}: the main index uses pk/sk`);
        continue;
      }
      const found = { indexName: index.index, partitionKey: index.pk.field, sortKey: index.sk.field };
      const known = gsis.get(found.indexName);
      if (known && (known.partitionKey !== found.partitionKey || known.sortKey !== found.sortKey)) {
        throw new Error(`${where}: ${found.indexName} keys differ from ${known.usedBy}`);
      }
      if (!known) gsis.set(found.indexName, { ...found, usedBy: where });
    }
  }
  const globalSecondaryIndexes = [...gsis.values()]
    .map(({ indexName, partitionKey, sortKey }) => ({ indexName, partitionKey, sortKey }))
    .sort((a, b) => a.indexName.localeCompare(b.indexName, 'en', { numeric: true }));
  return { partitionKey: 'pk', sortKey: 'sk', globalSecondaryIndexes, timeToLiveAttribute: 'ttl' };
}

export const tableDefinition: TableDefinition = deriveTableDefinition();

export interface TableOptions {
  /**
   * The deployed table always has its stream (projections, jobs and the outbox run from it).
   * Tests turn it off where nothing reads it: DynamoDB Local keeps every stream record of a run,
   * even of deleted tables, and each write with a stream costs more the more records there are.
   */
  stream?: boolean;
}

export function createTableInput(tableName: string, { stream = true }: TableOptions = {}): CreateTableCommandInput {
  const keyFields = [
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    ...tableDefinition.globalSecondaryIndexes.flatMap((gsi) => [gsi.partitionKey, gsi.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyFields.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((gsi) => ({
      IndexName: gsi.indexName,
      KeySchema: [
        { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
        { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    ...(stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } } : {}),
  };
}

async function tableExists(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
}

/** TTL is a nicety locally: DynamoDB Local accepts the call but may not expire items. */
async function enableTimeToLive(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
  } catch (error) {
    const name = (error as Error).name;
    if (name !== 'ValidationException' && name !== 'UnknownOperationException') throw error;
  }
}

/** Creates the table from the entity definitions when it is missing, waits until it is active, enables TTL. */
export async function ensureTable(client: DynamoDBClient, tableName: string, options: TableOptions = {}): Promise<'created' | 'exists'> {
  if (await tableExists(client, tableName)) return 'exists';
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName, options)));
  } catch (error) {
    if (error instanceof ResourceInUseException) return 'exists'; // created meanwhile by another process
    throw error;
  }
  await waitUntilTableExists({ client, maxWaitTime: 60, minDelay: 1, maxDelay: 2 }, { TableName: tableName });
  await enableTimeToLive(client, tableName);
  return 'created';
}
