/**
 * `npm run bootstrap -- --email admin@conf.org --name "First Last" [--org organisation.csv] [--dry-run] [--reinvite]`:
 * makes an empty (or partly filled) table usable: the system roles, the System root, the
 * organisation from a CSV file (docs/organisation.sample.csv) and the first superadmin with
 * their invitation. Settings as the functions read them (functions/lib/config.ts): TABLE_NAME,
 * AWS_REGION and IDENTITY_ADAPTER=cognito with COGNITO_USER_POOL_ID against AWS; locally
 * DYNAMODB_ENDPOINT and IDENTITY_ADAPTER=local. Safe to run again. docs/deploy.md, "The first superadmin".
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { DescribeTableCommand, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '../functions/db/client';
import { ensureTable } from '../functions/db/table';
import { config } from '../functions/lib/config';
import { bootstrap } from './bootstrap/run';

const USAGE = 'Usage: npm run bootstrap -- --email admin@conf.org --name "First Last" [--org organisation.csv] [--dry-run] [--reinvite]';

/** Settings the run needs, checked before anything is read: a wrong one would write elsewhere. */
function settingProblems(): string[] {
  const problems: string[] = [];
  if (!config.dynamoEndpoint && !process.env.AWS_REGION) problems.push('AWS_REGION is not set: give the region of the deployed stacks (export AWS_REGION=eu-west-1).');
  if (!config.dynamoEndpoint && !process.env.TABLE_NAME) problems.push('TABLE_NAME is not set: give the deployed table\'s name (the Formation-Data stack\'s table).');
  if (config.identityAdapter === 'cognito' && !process.env.COGNITO_USER_POOL_ID) problems.push('COGNITO_USER_POOL_ID is not set: give the user pool\'s id (the Formation-Auth stack), or IDENTITY_ADAPTER=local on one machine.');
  if (config.identityAdapter !== 'cognito' && config.identityAdapter !== 'local') problems.push(`IDENTITY_ADAPTER=${config.identityAdapter} is unknown: cognito (AWS) or local.`);
  return problems;
}

/** Locally the table is created as `npm run seed` does; in AWS the Data stack owns it, so a missing one is a wrong name. */
async function tableReady(): Promise<string | undefined> {
  if (config.dynamoEndpoint) {
    await ensureTable(dynamoClient(), config.tableName);
    return undefined;
  }
  try {
    await dynamoClient().send(new DescribeTableCommand({ TableName: config.tableName }));
    return undefined;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return `Table ${config.tableName} does not exist in ${config.region}: check TABLE_NAME and AWS_REGION.`;
    throw error;
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      org: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      reinvite: { type: 'boolean', default: false },
    },
  });
  const problems = settingProblems();
  if (!values.email || !values.name) problems.unshift(USAGE);
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    return 2;
  }
  const tableProblem = await tableReady();
  if (tableProblem) {
    console.error(tableProblem);
    return 2;
  }
  let organisation: { text: string; file: string } | undefined;
  if (values.org) {
    try {
      organisation = { text: await readFile(values.org, 'utf8'), file: basename(values.org) };
    } catch (error) {
      console.error(`--org ${values.org}: ${(error as Error).message}`);
      return 2;
    }
  }
  const where = config.dynamoEndpoint ? `DynamoDB at ${config.dynamoEndpoint}` : `AWS ${config.region}`;
  console.log(`Table ${config.tableName} (${where}), identity adapter ${config.identityAdapter}${config.identityAdapter === 'cognito' ? ` (user pool ${config.cognitoUserPoolId})` : ''}.`);
  const outcome = await bootstrap({ email: values.email, name: values.name, organisation, dryRun: values['dry-run'], reinvite: values.reinvite });
  return outcome.errors.length ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
