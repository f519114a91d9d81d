/**
 * The shape of the deployed table that a release can change only carefully, and what a release
 * changes in it. DynamoDB creates or deletes one global secondary index per table update, and
 * CloudFormation fails a stack update that asks for more; a changed primary key replaces the
 * table (an empty new one, the old one kept by RETAIN). test/infra/table-shape-guard.test.ts
 * compares the synthesized table with infra/table-shape.snapshot.json, the shape last released.
 */
export interface IndexShape {
  indexName: string;
  partitionKey: string;
  sortKey?: string;
  projection: string;
}

export interface TableShape {
  partitionKey: string;
  sortKey?: string;
  globalSecondaryIndexes: IndexShape[];
}

export interface ShapeChanges {
  /** Human-readable, one per change: `create gsi5`, `delete gsi2`, `replace gsi3 (keys or projection)`, `table key`. */
  changes: string[];
  /** Index creates and deletes one update would need (a changed index is a delete and a create). */
  indexUpdates: number;
  /** The primary key differs: CloudFormation would replace the table. */
  keyChanged: boolean;
}

type KeySchema = Array<{ AttributeName: string; KeyType: 'HASH' | 'RANGE' }>;
const keyOf = (schema: KeySchema, type: 'HASH' | 'RANGE') => schema.find((k) => k.KeyType === type)?.AttributeName;

/** The shape of an AWS::DynamoDB::Table's properties, as CloudFormation will see it. */
export function shapeOfTemplate(properties: { KeySchema: KeySchema; GlobalSecondaryIndexes?: Array<{ IndexName: string; KeySchema: KeySchema; Projection: { ProjectionType: string } }> }): TableShape {
  return {
    partitionKey: keyOf(properties.KeySchema, 'HASH')!,
    sortKey: keyOf(properties.KeySchema, 'RANGE'),
    globalSecondaryIndexes: (properties.GlobalSecondaryIndexes ?? [])
      .map((gsi) => ({ indexName: gsi.IndexName, partitionKey: keyOf(gsi.KeySchema, 'HASH')!, sortKey: keyOf(gsi.KeySchema, 'RANGE'), projection: gsi.Projection.ProjectionType }))
      .sort((a, b) => a.indexName.localeCompare(b.indexName)),
  };
}

const sameIndex = (a: IndexShape, b: IndexShape) => a.partitionKey === b.partitionKey && a.sortKey === b.sortKey && a.projection === b.projection;

/** What deploying `next` over `released` would ask of DynamoDB. */
export function shapeChanges(released: TableShape, next: TableShape): ShapeChanges {
  const changes: string[] = [];
  let indexUpdates = 0;
  const before = new Map(released.globalSecondaryIndexes.map((gsi) => [gsi.indexName, gsi]));
  const after = new Map(next.globalSecondaryIndexes.map((gsi) => [gsi.indexName, gsi]));
  for (const [name, gsi] of after) {
    const old = before.get(name);
    if (!old) {
      changes.push(`create ${name}`);
      indexUpdates += 1;
    } else if (!sameIndex(old, gsi)) {
      changes.push(`replace ${name} (keys or projection)`);
      indexUpdates += 2;
    }
  }
  for (const name of before.keys()) {
    if (!after.has(name)) {
      changes.push(`delete ${name}`);
      indexUpdates += 1;
    }
  }
  const keyChanged = released.partitionKey !== next.partitionKey || released.sortKey !== next.sortKey;
  if (keyChanged) changes.push('table key');
  return { changes, indexUpdates, keyChanged };
}
