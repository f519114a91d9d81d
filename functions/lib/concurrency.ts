/**
 * Runs `task` for every item, at most `concurrency` at a time, in order of start; after a failure it
 * starts no other item and rejects with the first failure once the running tasks settle (nothing of
 * the walk goes on behind the caller's back). For walks whose items are independent (re-projecting
 * users): sequential is too slow at scale, unbounded would flood the table.
 */
export async function forEachConcurrently<T>(items: readonly T[], task: (item: T) => Promise<unknown>, concurrency: number): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      try {
        await task(items[next++]);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failure) throw failure.error;
}
