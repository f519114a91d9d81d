import { normaliseTerm } from '../../db/directory';

export interface DesignListQuery {
  limit: number;
  offset?: number;
  where?: { name?: string };
}

/**
 * The generic lists of a track's phases or a phase's steps (SPEC.md section 7). Each is one
 * bounded read of its parent (at most 50 phases, 200 steps), so the name filter (a prefix,
 * case-insensitive, like the track list's) and the page are taken from that small result,
 * kept in the parent's order; the count is exact.
 */
export function designPage<T extends { name: string }>(rows: readonly T[], query: DesignListQuery): { data: T[]; count: number } {
  const prefix = normaliseTerm(query.where?.name ?? '');
  const matching = prefix ? rows.filter((row) => normaliseTerm(row.name).startsWith(prefix)) : [...rows];
  const offset = query.offset ?? 0;
  return { data: matching.slice(offset, offset + query.limit), count: matching.length };
}
