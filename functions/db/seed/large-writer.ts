import { BatchWriteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config';
import { documentClient } from '../client';

/**
 * Puts millions of items fast enough for the large seed: write requests with a bounded
 * number in flight, failures sent again with growing pauses. Items are full table items
 * (ElectroDB's `put(...).params().Item`). `put` waits only when the pipeline is full, so
 * the caller keeps generating while requests run.
 *
 * Two ways to write, same result (puts of distinct keys):
 * - `batch`: BatchWriteItem of 25, unprocessed items resent. What AWS bills cheapest.
 * - `transact`: TransactWriteItems of 100. DynamoDB Local commits every BatchWrite item
 *   to its SQLite file on its own but a transaction once, so this is 2-5 times faster
 *   there (side by side on the dev machine); the default when an endpoint is set.
 */
export type WriteMode = 'batch' | 'transact';

const REQUEST_SIZE: Record<WriteMode, number> = { batch: 25, transact: 100 };
const MAX_ATTEMPTS = 10;

export interface ParallelWriter {
  put(items: Iterable<Record<string, unknown>>): Promise<void>;
  /** Sends what is buffered and waits for every request. */
  flush(): Promise<void>;
  readonly written: number;
}

type Item = Record<string, unknown>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const backoff = (attempt: number) => pause(Math.min(2000, 25 * 2 ** attempt));

/** Sends one BatchWrite and whatever it leaves unprocessed; returns how many it wrote. */
async function batchPut(table: string, items: Item[]): Promise<number> {
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 1; pending.length; attempt++) {
    const result = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = (result.UnprocessedItems?.[table] ?? []) as typeof pending;
    if (pending.length && attempt === MAX_ATTEMPTS) throw new Error(`${pending.length} items were not written after ${MAX_ATTEMPTS} attempts`);
    if (pending.length) await backoff(attempt);
  }
  return items.length;
}

/** Sends one all-or-nothing transaction of puts, again after a conflict or throttling. */
async function transactPut(table: string, items: Item[]): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items.map((Item) => ({ Put: { TableName: table, Item } })) }));
      return items.length;
    } catch (error) {
      // DynamoDB Local answers InternalServerError when a transaction waited too long for its lock under load.
      const retryable = /TransactionCanceled|TransactionConflict|Throttl|ProvisionedThroughput|InternalServerError/.test((error as Error).name);
      if (!retryable || attempt === MAX_ATTEMPTS) throw error;
      await backoff(attempt);
    }
  }
}

export function parallelWriter(options: { mode?: WriteMode; concurrency?: number; table?: string } = {}): ParallelWriter {
  const mode = options.mode ?? (config.dynamoEndpoint ? 'transact' : 'batch');
  const size = REQUEST_SIZE[mode];
  const concurrency = options.concurrency ?? 16;
  const table = options.table ?? config.tableName;
  const send = mode === 'batch' ? batchPut : transactPut;
  const inFlight = new Set<Promise<void>>();
  let buffer: Item[] = [];
  let written = 0;
  let failure: unknown;

  async function dispatch(items: Item[]): Promise<void> {
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (failure) throw failure;
    const request: Promise<void> = send(table, items)
      .then((count) => {
        written += count;
      })
      .catch((error: unknown) => {
        failure ??= error; // surfaced by the next put or flush, never left unhandled
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }

  return {
    async put(items) {
      for (const item of items) {
        buffer.push(item);
        if (buffer.length === size) {
          const full = buffer;
          buffer = [];
          await dispatch(full);
        }
      }
    },
    async flush() {
      if (buffer.length) {
        const rest = buffer;
        buffer = [];
        await dispatch(rest);
      }
      await Promise.all(inFlight);
      if (failure) throw failure;
    },
    get written() {
      return written;
    },
  };
}
