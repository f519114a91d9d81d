/**
 * Runs `task` for every item, at most `concurrency` at a time, in order of start; rejects with the
 * first failure once the running tasks settle. For walks whose items are independent (re-projecting
 * users): sequential is too slow at scale, unbounded would flood the table.
 */
export async function forEachConcurrently<T>(items: readonly T[], task: (item: T) => Promise<unknown>, concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
