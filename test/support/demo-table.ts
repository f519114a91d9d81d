/**
 * The demo organisation in this test file's table, copied from a table the real `seedDemo`
 * filled once per DynamoDB Local at the start of the run (./integration-global-setup.ts).
 * A copy is a few BatchWrites; seeding afresh in every file cost each one hundreds of requests
 * and ten password hashes. test/functions/db/seed.test.ts runs the real seed itself.
 */
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { documentClient } from '../../functions/db/client';
import { seedDemo as seedDemoAfresh } from '../../functions/db/seed/demo';
import { config } from '../../functions/lib/config';
import { DEMO_TEMPLATE_TABLE } from './integration-global-setup';
const IN_FLIGHT = 4;

type Item = Record<string, unknown>;

async function templateItems(): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    // A Scan: test support only, over a table of a few hundred items.
    const page = await documentClient().send(new ScanCommand({ TableName: DEMO_TEMPLATE_TABLE, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function putAll(table: string, items: Item[]): Promise<void> {
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 1; pending.length; attempt++) {
    if (attempt > 10) throw new Error(`Copying the demo: ${pending.length} items were not written`);
    const { UnprocessedItems } = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = (UnprocessedItems?.[table] ?? []) as typeof pending;
  }
}

export async function seedDemo(): Promise<void> {
  if (!inject('demoTemplate')) return seedDemoAfresh();
  const items = await templateItems();
  const chunks: Item[][] = [];
  for (let index = 0; index < items.length; index += 25) chunks.push(items.slice(index, index + 25));
  const table = config.tableName;
  const send = async () => {
    for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) await putAll(table, chunk);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, send));
}
