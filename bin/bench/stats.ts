/** Small statistics helpers for the benchmark report. */
export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)];
}

/** Runs `task` `total` times with `concurrency` workers; returns each call's duration in ms, sorted. */
export async function measureConcurrent(task: () => Promise<void>, total: number, concurrency: number): Promise<number[]> {
  const durations: number[] = [];
  let started = 0;
  async function worker() {
    while (started < total) {
      started += 1;
      const begin = performance.now();
      await task();
      durations.push(performance.now() - begin);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return durations.sort((a, b) => a - b);
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
