import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawnDynamoLocal } from '../local/dynamodb-java';
import { freePort } from '../local/ports';

/**
 * An in-memory DynamoDB Local of its own with one empty table, for the timing scripts. Sets
 * the environment the app's modules read, so import them (dynamically) after this resolves.
 */
export async function scratchTable(tableName: string): Promise<{ stop: () => void }> {
  const port = await freePort();
  const dynamo = spawnDynamoLocal({ port });
  process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${port}`;
  process.env.TABLE_NAME = tableName;
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.LOG_LEVEL ??= 'silent';
  try {
    const { dynamoClient } = await import('../../functions/db/client');
    const { ensureTable } = await import('../../functions/db/table');
    for (let attempt = 0; ; attempt++) {
      try {
        await dynamoClient().send(new ListTablesCommand({ Limit: 1 }));
        break;
      } catch (error) {
        if (attempt > 120) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    await ensureTable(dynamoClient(), tableName);
  } catch (error) {
    dynamo.kill();
    throw error;
  }
  return { stop: () => dynamo.kill() };
}
