/**
 * `npm run restore:drill [-- --plain] [-- --every <n>] [-- --keep]`: the restore drill of
 * docs/recovery.md on one machine. Against DynamoDB Local only: its own, in memory, started
 * here, or the one DYNAMODB_ENDPOINT names (never AWS).
 *   1. seeds the demo into a source table (`npm run seed`; --plain: without the living candidates);
 *   2. asks DynamoDB Local for a point-in-time restore (it has none: the answer is printed), then
 *      plays the restore by copying every item into a new table made from the same definition;
 *   3. applies the runbook's table settings (stream, TTL, point-in-time recovery, deletion
 *      protection) and prints what DynamoDB Local answered to each;
 *   4. damages derived data the way a restore point can leave it (every n-th entry, record and
 *      counter, default 10; a church, a district and a user renamed without their projection);
 *   5. runs check:directory (differences expected), rebuild:directory, check:directory (0 expected);
 *   6. prints item counts and times, and drops both tables (--keep leaves them).
 * Exit code 1 when the last check finds any difference.
 */
import { execFile } from 'node:child_process';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import { documentClient, dynamoClient } from '../functions/db/client';
import { checkDirectory } from './maintenance/directory-check';
import { rebuildDirectory } from './maintenance/directory-rebuild';
import { applyRestoredTableSettings, copyTable, countItems, damageDerivedData, differenceKinds, dropTable, probePointInTimeRestore } from './maintenance/restore-drill';
import { startLocalDynamo, type LocalDynamo } from './local/dynamodb-local';
import { freePort } from './local/ports';

const { values } = parseArgs({ options: { plain: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false }, every: { type: 'string', default: '10' } } });
const every = Number(values.every);
if (!Number.isInteger(every) || every < 2) {
  console.error(`--every ${values.every}: give a whole number of at least 2.`);
  process.exit(2);
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const source = `restore-drill-source-${stamp}`;
const restored = `restore-drill-restored-${stamp}`;

let local: LocalDynamo | undefined;
const given = process.env.DYNAMODB_ENDPOINT;
if (!given) local = await startLocalDynamo({ port: await freePort() });
const endpoint = given ?? local!.endpoint;
// Set before the first database call: the client and the ElectroDB service read them once, on first use.
process.env.DYNAMODB_ENDPOINT = endpoint;
process.env.AWS_REGION ??= 'us-east-1';
process.env.TABLE_NAME = restored;

let failed = false;
try {
  console.log(`Restore drill on ${given ? `DynamoDB Local at ${endpoint} (DYNAMODB_ENDPOINT)` : `a DynamoDB Local of its own (${endpoint}, in memory)`}.`);

  let started = Date.now();
  const env = { ...process.env, TABLE_NAME: source, LOG_LEVEL: 'silent' };
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bin/seed.ts', ...(values.plain ? ['--plain'] : [])], { env, timeout: 30 * 60_000, maxBuffer: 16 * 1024 * 1024 });
  const sourceItems = await countItems(documentClient(), source);
  console.log(`1. Seeded the demo${values.plain ? ' (--plain)' : ''} into ${source}: ${sourceItems} items in ${seconds(started)} s.`);

  const answer = await probePointInTimeRestore(dynamoClient(), source, restored);
  console.log(`2. RestoreTableToPointInTime on DynamoDB Local: ${answer}`);
  started = Date.now();
  const copied = await copyTable(dynamoClient(), documentClient(), source, restored);
  const copySeconds = seconds(started);
  const restoredItems = await countItems(documentClient(), restored);
  console.log(`   Stand-in: ${copied} items copied into ${restored} in ${copySeconds} s (the new table holds ${restoredItems}).`);

  const settings = await applyRestoredTableSettings(dynamoClient(), restored);
  console.log('3. Settings on the restored table:');
  for (const [name, outcome] of Object.entries(settings)) console.log(`   ${name}: ${outcome}`);

  const damage = await damageDerivedData(every);
  console.log(
    `4. Damaged: ${damage.entriesDeleted} directory entries deleted, ${damage.recordsDeleted} projection records deleted, ${damage.countersSkewed} counters skewed, renamed without projection: ${damage.renamed.join('; ')}.`,
  );

  started = Date.now();
  const before = await checkDirectory();
  console.log(`5. check:directory in ${seconds(started)} s: ${before.differences.length} differences (${before.entriesChecked} entries, ${before.countersChecked} counters, ${before.copiesChecked} copies checked).`);
  for (const [kind, count] of Object.entries(differenceKinds(before.differences))) console.log(`   ${kind}: ${count}`);

  started = Date.now();
  const report = await rebuildDirectory();
  const rebuildSeconds = seconds(started);
  console.log(
    `   rebuild:directory in ${rebuildSeconds} s: ${report.locations} locations, ${report.users} users, ${report.enrolments} enrolments re-projected; ${report.copiesFixed} copies fixed, ${report.entriesDeleted} stray entries deleted, ${report.countersSet} counters set, ${report.claimsTaken} names claimed.`,
  );

  started = Date.now();
  const after = await checkDirectory();
  console.log(`   check:directory again in ${seconds(started)} s: ${after.differences.length} differences.`);
  for (const line of after.differences.slice(0, 20)) console.log(`     ${line}`);
  failed = after.differences.length > 0;

  const finalItems = await countItems(documentClient(), restored);
  console.log(
    `6. Summary: ${copied} items copied in ${copySeconds} s, ${before.differences.length} differences found, rebuilt in ${rebuildSeconds} s, ${after.differences.length} after. The restored table now holds ${finalItems} items.`,
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  if (values.keep) console.log(`Kept the tables ${source} and ${restored}${local ? ', but this DynamoDB Local is in memory and stops now' : ''}.`);
  else if (given) for (const table of [source, restored]) await dropTable(dynamoClient(), table);
  await local?.stop();
}
process.exitCode = failed ? 1 : 0;
