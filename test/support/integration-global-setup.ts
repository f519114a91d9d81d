/**
 * Vitest globalSetup of the integration project: ONE DynamoDB Local (in memory) for the
 * whole run, on a free port. Test files get its address through `inject('dynamoEndpoint')`
 * and each creates its own table (./integration-setup.ts). With DYNAMODB_ENDPOINT already
 * set, that endpoint is used and nothing is started.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawnDynamoLocal } from '../../bin/local/dynamodb-java';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

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

export default async function setup(project: TestProject) {
  const given = process.env.DYNAMODB_ENDPOINT;
  if (given) {
    project.provide('dynamoEndpoint', given);
    return;
  }

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
  project.provide('dynamoEndpoint', endpoint);

  return async () => {
    if (dynamo.exitCode !== null) return;
    const exited = new Promise((resolve) => dynamo.once('exit', resolve));
    dynamo.kill();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  };
}
