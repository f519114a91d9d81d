/**
 * `npm run seed` (tsx bin/seed.ts): creates the table if needed and writes the demo
 * organisation into it. Uses the same settings as the functions (TABLE_NAME,
 * DYNAMODB_ENDPOINT, AWS_REGION); point DYNAMODB_ENDPOINT at a running DynamoDB Local.
 *   --scale demo   (default) the demo organisation, with candidates moved along by the app's
 *                  functions (functions/db/seed/demo-participation.ts)
 *   --plain        without those candidates (the integration tests' template: they count items)
 *   --scale large  the demo organisation plus a generated one: 5 jurisdictions, 40 episcopal
 *                  areas, 55 conferences, 400 districts, 30,000 churches, 50,000 users
 *                  (takes minutes; prints progress and items/second)
 */
import { parseArgs } from 'node:util';
import { dynamoClient } from '../functions/db/client';
import { DEMO_USERS, seedDemo } from '../functions/db/seed/demo';
import { seedLarge } from '../functions/db/seed/large';
import { ensureTable } from '../functions/db/table';
import { config } from '../functions/lib/config';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: 'demo' }, plain: { type: 'boolean', default: false } } });
  if (values.scale !== 'demo' && values.scale !== 'large') {
    console.error(`--scale ${values.scale} is unknown: use --scale demo (default) or --scale large.`);
    process.exitCode = 2;
    return;
  }

  const table = config.tableName;
  const where = config.dynamoEndpoint ?? `AWS (${config.region})`;
  const created = await ensureTable(dynamoClient(), table);
  console.log(`Table ${table} at ${where}: ${created === 'created' ? 'created' : 'already there'}.`);
  if (values.scale === 'large') await seedLarge({ log: (line) => console.log(line) });
  else await seedDemo({ living: !values.plain });
  console.log(`Seeded the demo organisation${values.scale === 'large' ? ' and the large generated one' : ''}. Sign in with (password for all: demo-password):`);
  for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(32)} ${user.role}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
