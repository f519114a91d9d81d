/** Small statistics helpers for the benchmark report. */
export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)];
}

/**
 * Runs `task` `total` times (given the call's number, from 0) with `concurrency` workers;
 * returns each call's duration in ms, sorted. After a failure no new call starts, and it
 * rethrows once the calls in flight are done (nothing keeps running behind the next case).
 */
export async function measureConcurrent(task: (call: number) => Promise<void>, total: number, concurrency: number): Promise<number[]> {
  const durations: number[] = [];
  let started = 0;
  let failure: { error: unknown } | undefined;
  async function worker() {
    while (started < total && !failure) {
      const call = started;
      started += 1;
      const begin = performance.now();
      try {
        await task(call);
      } catch (error) {
        failure ??= { error };
        return;
      }
      durations.push(performance.now() - begin);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failure) throw failure.error;
  return durations.sort((a, b) => a - b);
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
