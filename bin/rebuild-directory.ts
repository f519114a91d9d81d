/**
 * `npm run rebuild:directory [-- --scope <locationId>]`: re-derives the directory, counters,
 * copies of names and name claims of the configured table from their sources (after a
 * restore, or when check:directory reports drift). Run it while writes are quiet.
 */
import { parseArgs } from 'node:util';
import { rebuildDirectory } from './maintenance/directory-rebuild';

const { values } = parseArgs({ options: { scope: { type: 'string' } } });
const started = Date.now();
const report = await rebuildDirectory({ scopeId: values.scope, log: (line) => console.log(line) });
console.log(
  `Rebuilt ${values.scope ? `scope ${values.scope}` : 'everything'} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${report.locations} locations, ${report.users} users, ` +
    `${report.copiesFixed} copies fixed, ${report.entriesDeleted} stray entries deleted, ${report.countersSet} counters set, ${report.claimsTaken} names claimed.`,
);
if (report.remaining.length) {
  console.log(`Still different (${report.remaining.length}); writes during the rebuild? Run it again:`);
  for (const line of report.remaining.slice(0, 50)) console.log(`  ${line}`);
  process.exitCode = 1;
}
