/**
 * A small seeded pseudo-random generator for the large seed: the same seed gives the same
 * organisation on every run and machine, so ids and names stay fixed and re-seeding overwrites.
 */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, size). */
  below(size: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with the given probability. */
  chance(probability: number): boolean;
}

export function seededRandom(seed: number): SeededRandom {
  // mulberry32: 32-bit state, good enough spread for picking names and places.
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (size: number) => Math.floor(next() * size);
  return {
    next,
    below,
    pick: (items) => items[below(items.length)],
    chance: (probability) => next() < probability,
  };
}
