import { db } from '../../db/service';
import { assertCommitted } from '../../db/versioned';

/** The entities a transaction callback receives (`db().transaction.write((tx) => ...)`). */
export type TransactionEntities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];

/** One item of a write transaction, built from the transaction's entities. */
export type TransactionWrite = (tx: TransactionEntities) => unknown;

/** DynamoDB's limit on the items of one TransactWriteItems call. */
export const TRANSACTION_MAX_ITEMS = 100;

/** Writes the items in one transaction; a failed version condition throws StaleVersionError (409). */
export async function writeTransaction(writes: TransactionWrite[]): Promise<void> {
  if (writes.length === 0) return;
  if (writes.length > TRANSACTION_MAX_ITEMS) throw new Error(`A transaction holds at most ${TRANSACTION_MAX_ITEMS} items, not ${writes.length}`);
  const result = await db()
    .transaction.write((tx) => writes.map((write) => write(tx)) as never)
    .go();
  assertCommitted(result as unknown as Parameters<typeof assertCommitted>[0]);
}

/**
 * A change that may outgrow one transaction: `final` (the write that decides the outcome,
 * with its counters) commits last, together with as many `leading` items as fit; the rest of
 * `leading` goes first in transactions of 100. Leading items must be safe to repeat (deletes
 * of side-effect items), so a failure part way leaves a state the same call can finish.
 */
export async function writeInChunks(leading: TransactionWrite[], final: TransactionWrite[]): Promise<void> {
  if (final.length > TRANSACTION_MAX_ITEMS) throw new Error(`The final transaction holds at most ${TRANSACTION_MAX_ITEMS} items, not ${final.length}`);
  const room = TRANSACTION_MAX_ITEMS - final.length;
  const early = leading.slice(0, Math.max(0, leading.length - room));
  const withFinal = leading.slice(early.length);
  for (let start = 0; start < early.length; start += TRANSACTION_MAX_ITEMS) {
    await writeTransaction(early.slice(start, start + TRANSACTION_MAX_ITEMS));
  }
  await writeTransaction([...withFinal, ...final]);
}
