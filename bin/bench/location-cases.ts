import type { LocationSet } from '../../shared/api/location-set';
import { BULK_MAX } from '../../shared/api/limits';
import { AS } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { createdIds, createLocations, deactivateLocations } from './fixtures';

/**
 * Cases for the generic set of one location kind (shared/api/location-set.ts). Reads run
 * as `readAs` on demo data; writes run as the superadmin on locations made for the run
 * (one per call, since updates are versioned and removal deactivates), then deactivated.
 */
export interface LocationBench {
  service: string;
  /** Where the bench creates its locations; none for jurisdictions (under the System root). */
  parentId?: string;
  /** A demo location of the kind, for single-item reads. */
  sampleId: string;
  /** A word prefix that matches demo names of the kind. */
  searchTerm: string;
  readAs: string;
  /**
   * Concurrent writers (default 10). Conferences: each write also rewrites the episcopal
   * area's conference names, so concurrent writes under one area collide (see docs/benchmarks.md).
   */
  writeConcurrency?: number;
}

const WRITE_CALLS = 50;
const BULK_CALLS = 10;

export function locationSetCases(set: LocationSet, bench: LocationBench): Record<string, BenchCase> {
  const { service, parentId } = bench;
  const base = `/api/${service}`;
  const freshPerCall = (label: string) => (ctx: BenchContext, calls: number) => createLocations(ctx, service, parentId, calls, label);
  const concurrency = bench.writeConcurrency;
  const deactivatePrepared = (ctx: BenchContext, ids: string[]) => deactivateLocations(ctx, service, ids, concurrency);
  const newLocation = (name: string) => ({ name, ...(parentId ? { parentId } : {}) });

  return {
    [set.create.id]: benchCase<string>({
      as: AS.superadmin,
      path: base,
      calls: WRITE_CALLS,
      concurrency,
      prepare: async (ctx) => ctx.runId,
      each: (call, runId) => ({ body: newLocation(`Bench new ${call} ${runId}`) }),
      cleanUp: (ctx, _, responses) => deactivatePrepared(ctx, createdIds(responses)),
    }),
    [set.bulk.id]: benchCase<string>({
      as: AS.superadmin,
      path: `${base}/bulk`,
      calls: BULK_CALLS,
      concurrency,
      prepare: async (ctx) => ctx.runId,
      each: (call, runId) => ({ body: Array.from({ length: BULK_MAX }, (_, i) => newLocation(`Bench bulk ${call}-${i} ${runId}`)) }),
      cleanUp: (ctx, _, responses) => deactivatePrepared(ctx, createdIds(responses)),
    }),
    [set.list.id]: { as: bench.readAs, path: base, query: 'limit=25&offset=0' },
    [set.quickSearch.id]: { as: bench.readAs, path: `${base}/quickSearch`, query: 'limit=10&offset=0&isQuickSearch=true' },
    [set.count.id]: { as: bench.readAs, path: `${base}/count`, singleItem: true },
    [set.query.id]: { as: bench.readAs, path: `${base}/query`, body: { limit: 10, offset: 0 } },
    [set.search.id]: { as: bench.readAs, path: `${base}/search`, body: { where: { name: bench.searchTerm }, limit: 10 } },
    [set.get.id]: { as: bench.readAs, path: `${base}/${bench.sampleId}`, singleItem: true },
    [set.update.id]: benchCase<string[]>({
      as: AS.superadmin,
      path: base,
      calls: WRITE_CALLS,
      concurrency,
      prepare: freshPerCall('update'),
      each: (call, ids) => ({ body: { id: ids[call], version: 1, name: `Bench renamed ${call} ${ids[call]}` } }),
      cleanUp: deactivatePrepared,
      singleItem: true,
    }),
    [set.updateById.id]: benchCase<string[]>({
      as: AS.superadmin,
      path: base,
      calls: WRITE_CALLS,
      concurrency,
      prepare: freshPerCall('updateById'),
      each: (call, ids) => ({ path: `${base}/${ids[call]}`, body: { version: 1, name: `Bench renamed ${call} ${ids[call]}` } }),
      cleanUp: deactivatePrepared,
      singleItem: true,
    }),
    [set.remove.id]: benchCase<string[]>({
      as: AS.superadmin,
      path: base,
      calls: WRITE_CALLS,
      concurrency,
      prepare: freshPerCall('remove'),
      each: (call, ids) => ({ body: { id: ids[call] } }),
      singleItem: true,
    }),
    [set.removeById.id]: benchCase<string[]>({
      as: AS.superadmin,
      path: base,
      calls: WRITE_CALLS,
      concurrency,
      prepare: freshPerCall('removeById'),
      each: (call, ids) => ({ path: `${base}/${ids[call]}` }),
      singleItem: true,
    }),
  };
}
