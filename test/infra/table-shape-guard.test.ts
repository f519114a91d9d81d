import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { shapeChanges, shapeOfTemplate, type TableShape } from '../../infra/constructs/table-shape';
import { SYNTH_TIMEOUT, synthFormation } from './support/synth-formation';

const SNAPSHOT = fileURLToPath(new URL('../../infra/table-shape.snapshot.json', import.meta.url));
const UPDATE = 'UPDATE_TABLE_SHAPE=1 npx vitest run --project infra test/infra/table-shape-guard.test.ts';
const README = `The table's keys and indexes as last released. test/infra/table-shape-guard.test.ts fails when the table differs from this by more than one index create or delete, or by its key. After deploying a release that changes an index, record it: ${UPDATE} (docs/deploy.md, "Changing the table's indexes").`;

let synthesized: TableShape;
beforeAll(() => {
  const tables = Object.values(synthFormation().templates.data.findResources('AWS::DynamoDB::Table')) as Array<{ Properties: any }>;
  expect(tables).toHaveLength(1);
  synthesized = shapeOfTemplate(tables[0].Properties);
}, SYNTH_TIMEOUT);

describe('the table shape guard', () => {
  it('lets a release change at most one index, and never the table key, against the committed snapshot', () => {
    if (process.env.UPDATE_TABLE_SHAPE === '1') {
      writeFileSync(SNAPSHOT, `${JSON.stringify({ _readme: README, ...synthesized }, null, 2)}\n`);
      return;
    }
    const released = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as TableShape;
    const { changes, indexUpdates, keyChanged } = shapeChanges(released, synthesized);
    const what = changes.join(', ');
    expect(keyChanged, `The table's key would change (${what}): CloudFormation would replace the table with an empty one. Never change pk/sk of a deployed table.`).toBe(false);
    expect(
      indexUpdates,
      `This release changes the table's indexes: ${what}. DynamoDB creates or deletes one global secondary index per table update, so the deploy would fail. ` +
        `Release one change, deploy it, record it with ${UPDATE}, then release the next.`,
    ).toBeLessThanOrEqual(1);
  });
});

describe('counting index changes', () => {
  const gsi = (indexName: string, sortKey = `${indexName}sk`) => ({ indexName, partitionKey: `${indexName}pk`, sortKey, projection: 'ALL' });
  const table = (...indexes: ReturnType<typeof gsi>[]): TableShape => ({ partitionKey: 'pk', sortKey: 'sk', globalSecondaryIndexes: indexes });
  const released = table(gsi('gsi1'), gsi('gsi2'));

  it('counts one for a create or a delete, and none for no change', () => {
    expect(shapeChanges(released, released)).toEqual({ changes: [], indexUpdates: 0, keyChanged: false });
    expect(shapeChanges(released, table(gsi('gsi1'), gsi('gsi2'), gsi('gsi3')))).toMatchObject({ changes: ['create gsi3'], indexUpdates: 1 });
    expect(shapeChanges(released, table(gsi('gsi1')))).toMatchObject({ changes: ['delete gsi2'], indexUpdates: 1 });
  });

  it('counts two for two creates, a create and a delete (a rename), or a changed index', () => {
    expect(shapeChanges(released, table(gsi('gsi1'), gsi('gsi2'), gsi('gsi3'), gsi('gsi4'))).indexUpdates).toBe(2);
    expect(shapeChanges(released, table(gsi('gsi1'), gsi('gsi9'))).indexUpdates).toBe(2);
    expect(shapeChanges(released, table(gsi('gsi1'), gsi('gsi2', 'other')))).toMatchObject({ changes: ['replace gsi2 (keys or projection)'], indexUpdates: 2 });
  });

  it('sees a changed table key', () => {
    expect(shapeChanges(released, { ...released, sortKey: 'sk2' }).keyChanged).toBe(true);
  });
});
