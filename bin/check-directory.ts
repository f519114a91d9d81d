/**
 * `npm run check:directory`: compares every directory entry, counter and copied name with
 * its sources in the configured table (TABLE_NAME, DYNAMODB_ENDPOINT) and prints the
 * differences. Exit code 1 when there are any.
 */
import { checkDirectory } from './maintenance/directory-check';

const report = await checkDirectory();
console.log(`Checked ${report.entriesChecked} entries, ${report.countersChecked} counters, ${report.copiesChecked} copies: ${report.differences.length} differences.`);
for (const line of report.differences.slice(0, 200)) console.log(`  ${line}`);
if (report.differences.length > 200) console.log(`  ... and ${report.differences.length - 200} more`);
process.exitCode = report.differences.length ? 1 : 0;
