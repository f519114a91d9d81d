import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/db/client';
import { config } from '../../functions/lib/config';
import { db } from '../../functions/db/service';

/**
 * The whole table, grouped by entity, for the operator's drift check and rebuild. A Scan, and
 * so outside functions/ (no Lambda bundles it): these are commands an operator runs (after a
 * restore, to audit), and they must see every item, including ones no index reaches.
 */
export type Snapshot = Map<string, Array<Record<string, any>>>;

export async function tableSnapshot(entityNames: string[]): Promise<Snapshot> {
  const wanted = new Set(entityNames);
  const raw = new Map<string, Array<Record<string, unknown>>>(entityNames.map((name) => [name, []]));
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: config.tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const entity = String(item.__edb_e__ ?? '');
      if (wanted.has(entity)) raw.get(entity)!.push(item);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  const entities = db().entities as unknown as Record<string, { parse(input: { Items: unknown[] }): { data: Array<Record<string, any>> } }>;
  return new Map([...raw].map(([name, items]) => [name, entities[name].parse({ Items: items }).data]));
}
