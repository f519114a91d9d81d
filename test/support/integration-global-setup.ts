/**
 * Vitest globalSetup of the integration project: DynamoDB Local instances (in memory) on free
 * ports, one per worker. Test files get their worker's address through `inject('dynamoEndpoints')`
 * and each creates its own table (./integration-setup.ts). With DYNAMODB_ENDPOINT already
 * set, that endpoint is used and nothing is started.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawnDynamoLocal } from '../../bin/local/dynamodb-java';
import { startLocalS3 } from '../../bin/local/s3-local';
import { ensureTable } from '../../functions/db/table';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoints: string[];
    /** Whether each DynamoDB Local holds the demo in DEMO_TEMPLATE_TABLE (./demo-table.ts). */
    demoTemplate: boolean;
    /** The run's local S3 (s3rver, as `npm start` runs it) with the uploads bucket. */
    s3Endpoint: string;
  }
}

/** Where `npm run seed` writes the demo once per DynamoDB Local, for ./demo-table.ts to copy. */
export const DEMO_TEMPLATE_TABLE = 'demo-template';

const STARTUP_TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(endpoint: string, process: ChildProcess, output: () => string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  try {
    for (;;) {
      if (process.exitCode !== null) throw new Error(`DynamoDB Local exited (${process.exitCode}):\n${output()}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within ${STARTUP_TIMEOUT_MS} ms: ${(error as Error).message}\n${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    client.destroy();
  }
}

/**
 * One DynamoDB Local per test worker (VITEST_POOL_ID picks it in ./integration-setup.ts):
 * one JVM serving every file at once hits its lock timeouts under load, and the files of
 * one worker run one after another anyway.
 */
export const INSTANCES = Math.max(1, Number(process.env.INTEGRATION_DYNAMO_INSTANCES ?? 2));

async function startOne(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const port = await freePort();
  // In memory, on 127.0.0.1, one database whatever region or credentials a client uses.
  const dynamo = spawnDynamoLocal({ port });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  dynamo.stdout?.on('data', keep);
  dynamo.stderr?.on('data', keep);
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(endpoint, dynamo, () => output);
  } catch (error) {
    dynamo.kill();
    throw error;
  }
  return {
    endpoint,
    stop: async () => {
      if (dynamo.exitCode !== null) return;
      const exited = new Promise((resolve) => dynamo.once('exit', resolve));
      dynamo.kill();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    },
  };
}

/** The real seed, run as `npm run seed -- --plain` runs it (no living candidates), into this instance's template table. */
async function seedTemplate(endpoint: string): Promise<void> {
  // Made here without a stream (nothing reads it; see ./table-stream.ts), so the seed finds it there.
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await ensureTable(client, DEMO_TEMPLATE_TABLE, { stream: false }).finally(() => client.destroy());
  const env = { ...process.env, DYNAMODB_ENDPOINT: endpoint, TABLE_NAME: DEMO_TEMPLATE_TABLE, AWS_REGION: 'us-east-1', LOG_LEVEL: 'silent' };
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bin/seed.ts', '--plain'], { env, timeout: STARTUP_TIMEOUT_MS * 3 });
}

/** One local S3 for the run (light: a Node server in this process); its objects live in a temporary folder. */
async function startS3(project: TestProject): Promise<() => Promise<void>> {
  const s3 = await startLocalS3({ port: await freePort(), bucket: UPLOADS_BUCKET, appOrigin: 'http://localhost:3000' });
  project.provide('s3Endpoint', s3.url);
  return s3.stop;
}
/** The bucket the functions use by default (functions/lib/config.ts). */
export const UPLOADS_BUCKET = 'formation-uploads';

export default async function setup(project: TestProject) {
  const stopS3 = await startS3(project);
  const given = process.env.DYNAMODB_ENDPOINT;
  if (given) {
    project.provide('dynamoEndpoints', [given]);
    project.provide('demoTemplate', false);
    return stopS3;
  }
  const started = await Promise.all(
    Array.from({ length: INSTANCES }, async () => {
      const instance = await startOne();
      await seedTemplate(instance.endpoint).catch(async (error) => {
        await instance.stop();
        throw error;
      });
      return instance;
    }),
  );
  project.provide(
    'dynamoEndpoints',
    started.map((instance) => instance.endpoint),
  );
  project.provide('demoTemplate', true);
  return async () => {
    await Promise.all([...started.map((instance) => instance.stop()), stopS3()]);
  };
}
