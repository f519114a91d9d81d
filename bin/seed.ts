/**
 * `npm run seed` (tsx bin/seed.ts): creates the table if needed and writes the demo
 * organisation into it. Uses the same settings as the functions (TABLE_NAME,
 * DYNAMODB_ENDPOINT, AWS_REGION); point DYNAMODB_ENDPOINT at a running DynamoDB Local.
 *   --scale demo   (default) the demo organisation
 *   --scale large  a large generated organisation for the benchmark (not yet available)
 */
import { parseArgs } from 'node:util';
import { dynamoClient } from '../functions/db/client';
import { DEMO_USERS, seedDemo } from '../functions/db/seed/demo';
import { ensureTable } from '../functions/db/table';
import { config } from '../functions/lib/config';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: 'demo' } } });
  if (values.scale !== 'demo') {
    console.error(`--scale ${values.scale} is not available yet: only the demo organisation can be seeded for now (--scale demo).`);
    process.exitCode = 2;
    return;
  }

  const table = config.tableName;
  const where = config.dynamoEndpoint ?? `AWS (${config.region})`;
  const created = await ensureTable(dynamoClient(), table);
  console.log(`Table ${table} at ${where}: ${created === 'created' ? 'created' : 'already there'}.`);
  await seedDemo();
  console.log('Seeded the demo organisation. Sign in with (password for all: demo-password):');
  for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(32)} ${user.role}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
