/**
 * `npm run check:audit`: verifies every audit chain in the configured table (TABLE_NAME,
 * DYNAMODB_ENDPOINT): changed, missing or unsealed entries and heads that do not match. Exit
 * code 1 when there are any findings.
 */
import { checkAudit } from './maintenance/audit-check';

const report = await checkAudit();
console.log(`Checked ${report.chains} chains, ${report.entries} entries: ${report.findings.length} findings.`);
for (const line of report.findings.slice(0, 200)) console.log(`  ${line}`);
if (report.findings.length > 200) console.log(`  ... and ${report.findings.length - 200} more`);
process.exitCode = report.findings.length ? 1 : 0;
