import { forEachConcurrently } from '../../../functions/lib/concurrency';

describe('forEachConcurrently', () => {
  it('runs every item once, never more than the bound at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await forEachConcurrently(
      Array.from({ length: 20 }, (_, i) => i),
      async (item) => {
        running++;
        most = Math.max(most, running);
        await Promise.resolve();
        await Promise.resolve();
        seen.push(item);
        running--;
      },
      3,
    );
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(3);
  });

  it('once a task fails, starts no other and rejects when the running ones have settled', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const ticks = async (n: number) => {
      for (let i = 0; i < n; i++) await Promise.resolve();
    };
    const run = forEachConcurrently(
      Array.from({ length: 10 }, (_, i) => i),
      async (item) => {
        started.push(item);
        if (item === 0) throw new Error('zero');
        await ticks(5);
        finished.push(item);
      },
      2,
    );
    await expect(run).rejects.toThrow('zero');
    // Item 1 was running beside the failure: it finished first; nothing after it began.
    expect(started).toEqual([0, 1]);
    expect(finished).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([0, 1]);
  });

  it('rejects with a failure, and does nothing for no items', async () => {
    await expect(forEachConcurrently([1, 2, 3], async (item) => { if (item === 2) throw new Error('two'); }, 2)).rejects.toThrow('two');
    await forEachConcurrently([], () => Promise.reject(new Error('never')), 4);
  });
});
