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

  it('rejects with a failure, and does nothing for no items', async () => {
    await expect(forEachConcurrently([1, 2, 3], async (item) => { if (item === 2) throw new Error('two'); }, 2)).rejects.toThrow('two');
    await forEachConcurrently([], () => Promise.reject(new Error('never')), 4);
  });
});
