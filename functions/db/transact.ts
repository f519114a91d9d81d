import type { Entity } from 'electrodb';
import { BusyError, HttpError, StaleVersionError } from '../lib/errors';
import { db } from './service';

/**
 * The one way to write a transaction (ARCHITECTURE.md section 5). Core code hands over
 * writes built from the transaction's entities; this file owns the plumbing: the 100-item
 * limit, retrying TransactionConflict with jitter (another transaction touched one of our
 * items at the same moment: nothing was written, trying again is safe), and turning a failed
 * condition into the error its write names (a stale version is a 409 by default).
 */
export type TransactionEntities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];

/** One item of a write transaction. */
export type TransactionWrite = (tx: TransactionEntities) => unknown;

/** A write whose failed condition means something other than "stale version" (a taken name ...). */
export interface GuardedWrite {
  write: TransactionWrite;
  /** The error to throw when this item's condition fails. */
  onConditionFailed: () => HttpError;
}

export type TransactionItem = TransactionWrite | GuardedWrite;

/** DynamoDB's limit on the items of one TransactWriteItems call. */
export const TRANSACTION_MAX_ITEMS = 100;

const CONFLICT_ATTEMPTS = 8;
const BASE_DELAY_MS = 15;

interface TransactionResult {
  canceled: boolean;
  data: Array<{ rejected?: boolean; code?: string }>;
}

/** Full jitter: concurrent writers that collided spread out instead of colliding again. */
export function jitteredDelay(attempt: number, baseMs = BASE_DELAY_MS): Promise<void> {
  const ceiling = baseMs * 2 ** Math.min(attempt, 6);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

function writeOf(item: TransactionItem): TransactionWrite {
  return typeof item === 'function' ? item : item.write;
}

/**
 * Writes the items in one transaction. A failed condition throws the item's own error
 * (GuardedWrite) or StaleVersionError; TransactionConflict is retried; any other
 * cancellation is an internal error.
 */
export async function transact(items: TransactionItem[]): Promise<void> {
  if (items.length === 0) return;
  if (items.length > TRANSACTION_MAX_ITEMS) throw new Error(`A transaction holds at most ${TRANSACTION_MAX_ITEMS} items, not ${items.length}`);
  for (let attempt = 1; ; attempt++) {
    const result = (await db()
      .transaction.write((tx) => items.map((item) => writeOf(item)(tx)) as never)
      .go()) as unknown as TransactionResult;
    if (!result.canceled) return;
    const codes = result.data.map((item) => item.code ?? 'None');
    const failed = codes.findIndex((code) => code === 'ConditionalCheckFailed');
    if (failed >= 0) {
      const item = items[failed];
      throw typeof item === 'function' ? new StaleVersionError() : item.onConditionFailed();
    }
    if (codes.includes('TransactionConflict')) {
      // Still colliding after every try: a 409 the caller can repeat, not a server error.
      if (attempt >= CONFLICT_ATTEMPTS) throw new BusyError();
      await jitteredDelay(attempt);
      continue;
    }
    throw new Error(`Transaction canceled: ${codes.join(', ')}`);
  }
}

/**
 * Writes the items, or returns false when a condition failed (someone else's write came first:
 * a removal already made, a step already taken). Other failures still throw.
 */
export async function transactUnlessStale(items: TransactionItem[]): Promise<boolean> {
  try {
    await transact(items);
    return true;
  } catch (error) {
    if (error instanceof StaleVersionError) return false;
    throw error;
  }
}

/**
 * The one retry loop: runs `step` again (after a jittered pause) while `again` says its
 * outcome or error is worth another try, up to `attempts` times.
 */
export async function retry<T>(step: () => Promise<T>, options: { attempts: number; again: (outcome: { value?: T; error?: unknown }) => boolean; baseMs?: number }): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let outcome: { value?: T; error?: unknown };
    try {
      outcome = { value: await step() };
    } catch (error) {
      outcome = { error };
    }
    if (attempt >= options.attempts || !options.again(outcome)) {
      if ('error' in outcome) throw outcome.error;
      return outcome.value as T;
    }
    await jitteredDelay(attempt, options.baseMs);
  }
}

/**
 * Retries a whole read-plan-write step when it lost a race (StaleVersionError from a guard
 * the step itself set, such as a user's access version, or BusyError after colliding
 * transactions): the step re-reads and re-plans.
 * For steps whose version came from the client, do not use this: their 409 is the answer.
 */
export function retryOnStale<T>(step: () => Promise<T>, attempts = 6): Promise<T> {
  return retry(step, { attempts, again: ({ error }) => error instanceof StaleVersionError || error instanceof BusyError });
}

type AnyEntity = Entity<any, any, any, any>;
const BATCH_GET_MAX = 100;
const BATCH_ATTEMPTS = 8;

/**
 * Items by key in BatchGets of 100, retrying the keys DynamoDB left unprocessed (it may,
 * under load). Returns what exists, in no particular order. `consistent`: strongly consistent
 * reads (a projector that must see a write that just committed).
 */
export async function batchGet<T>(entity: AnyEntity, keys: Array<Record<string, unknown>>, options: { consistent?: boolean } = {}): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_MAX) {
    let pending = keys.slice(start, start + BATCH_GET_MAX);
    for (let attempt = 1; pending.length; attempt++) {
      const { data, unprocessed } = (await entity.get(pending).go(options.consistent ? { consistent: true } : undefined)) as { data: T[]; unprocessed: Array<Record<string, unknown>> };
      found.push(...data);
      pending = unprocessed;
      if (pending.length && attempt >= BATCH_ATTEMPTS) throw new Error(`BatchGet: ${pending.length} keys were not read`);
      if (pending.length) await jitteredDelay(attempt);
    }
  }
  return found;
}

/**
 * A change that may outgrow one transaction: `final` (the write that decides the outcome)
 * commits last, together with as many `leading` groups as fit; the rest of `leading` goes
 * first in transactions of 100, a group never split (a delete with the bell item that reports
 * it, an instance's two writes). Leading groups must be safe to repeat (deletes of side-effect
 * items, conditioned or not), so a failure part way leaves a state the same call can finish.
 */
export async function transactInChunks(leading: readonly TransactionItem[][], final: TransactionItem[]): Promise<void> {
  if (final.length > TRANSACTION_MAX_ITEMS) throw new Error(`The final transaction holds at most ${TRANSACTION_MAX_ITEMS} items, not ${final.length}`);
  let first = leading.length;
  let size = final.length;
  while (first > 0 && size + leading[first - 1].length <= TRANSACTION_MAX_ITEMS) size += leading[--first].length;
  for (const items of packTransactions(leading.slice(0, first))) await transact(items);
  await transact([...leading.slice(first).flat(), ...final]);
}

/** Groups of writes packed into transactions of 100, a group never split (an item with the writes that must go with it). */
export function packTransactions(groups: readonly TransactionItem[][], max = TRANSACTION_MAX_ITEMS): TransactionItem[][] {
  const transactions: TransactionItem[][] = [];
  let current: TransactionItem[] = [];
  for (const group of groups) {
    if (current.length + group.length > max) {
      transactions.push(current);
      current = [];
    }
    current.push(...group);
  }
  if (current.length) transactions.push(current);
  return transactions;
}
