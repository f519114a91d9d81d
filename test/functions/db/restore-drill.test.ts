import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { checkDirectory } from '../../../bin/maintenance/directory-check';
import { rebuildDirectory } from '../../../bin/maintenance/directory-rebuild';
import { copyTable, countItems, damageDerivedData, differenceKinds, dropTable } from '../../../bin/maintenance/restore-drill';
import { documentClient, dynamoClient } from '../../../functions/db/client';
import { config } from '../../../functions/lib/config';
import { DEMO_TEMPLATE_TABLE } from '../../support/integration-global-setup';

/**
 * The restore drill's core (docs/recovery.md, `npm run restore:drill`) on the demo without its
 * living candidates: the template table the run seeded is the table "before the incident", this
 * file's own (empty) table the restored one. The copy stands in for AWS's restore; the damage is
 * what a restore point leaves; check:directory must see it and rebuild:directory must bring the
 * check back to 0 differences.
 */
const SEED_TIMEOUT_MS = 400_000;
let source = DEMO_TEMPLATE_TABLE;
let ownSource = false;

beforeAll(async () => {
  if (inject('demoTemplate')) return;
  // DYNAMODB_ENDPOINT given: no template table, so seed one as `npm run seed -- --plain` does.
  source = `${config.tableName}-source`;
  ownSource = true;
  const env = { ...process.env, TABLE_NAME: source, LOG_LEVEL: 'silent' };
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bin/seed.ts', '--plain'], { env, timeout: SEED_TIMEOUT_MS });
}, SEED_TIMEOUT_MS + 10_000);

afterAll(async () => {
  if (ownSource) await dropTable(dynamoClient(), source);
});

describe('the restore drill', () => {
  it('copies every item, finds the damage a restore point leaves, and the rebuild brings the check to 0 differences', async () => {
    const expected = await countItems(documentClient(), source);
    expect(expected).toBeGreaterThan(100);
    expect(await copyTable(dynamoClient(), documentClient(), source, config.tableName)).toBe(expected);
    expect(await countItems(documentClient(), config.tableName)).toBe(expected);
    // A faithful copy of a healthy table is healthy.
    expect((await checkDirectory()).differences).toEqual([]);

    const damage = await damageDerivedData(10);
    expect(damage.entriesDeleted).toBeGreaterThan(0);
    expect(damage.recordsDeleted).toBeGreaterThan(0);
    expect(damage.countersSkewed).toBeGreaterThan(0);
    expect(damage.renamed).toHaveLength(3);

    const found = await checkDirectory();
    const kinds = differenceKinds(found.differences);
    expect(Object.keys(kinds)).toEqual(expect.arrayContaining(['missing entry', 'extra entry', 'stale row', 'count', 'no projection record', 'stale parent name']));

    const report = await rebuildDirectory();
    expect(report.remaining).toEqual([]);
    expect((await checkDirectory()).differences).toEqual([]);
  }, 600_000);
});
