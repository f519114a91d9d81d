import { BULK_MAX } from '../../shared/api/limits';
import { RATE_LIMITS, type RateLimitName } from '../../shared/api/rate-limits';
import { db } from '../../functions/db/service';
import { AS, demoUserId } from './accounts';
import type { BenchCase, BenchContext } from './bench-case';
import { forEachConcurrently as forEachAtOnce } from '../../functions/lib/concurrency';

/**
 * What write cases prepare and remove, through the API as the superadmin (unmeasured):
 * fresh locations and roles, one per call, so every measured write does real work.
 */
const CLEAN_UP_CONCURRENCY = 10;

export async function forEachConcurrently<T>(items: readonly T[], task: (item: T) => Promise<unknown>, concurrency = CLEAN_UP_CONCURRENCY): Promise<void> {
  await forEachAtOnce(items, task, concurrency);
}

/** The ids in call responses: one created item, or a bulk call's list. */
export function createdIds(responses: unknown[]): string[] {
  return responses.flat().map((created) => (created as { id: string }).id);
}

/** `count` new locations named "Bench <label> <n> <run>" (names are unique among siblings). */
export async function createLocations(ctx: BenchContext, service: string, parentId: string | undefined, count: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += BULK_MAX) {
    const body = Array.from({ length: Math.min(BULK_MAX, count - start) }, (_, i) => ({ name: `Bench ${label} ${start + i} ${ctx.runId}`, ...(parentId ? { parentId } : {}) }));
    const created = await ctx.api<Array<{ id: string }>>(AS.superadmin, 'POST', `/api/${service}/bulk`, body);
    ids.push(...created.map((location) => location.id));
  }
  return ids;
}

/** DELETE deactivates: the bench's locations leave the active lists (locations are never deleted). */
export async function deactivateLocations(ctx: BenchContext, service: string, ids: string[], concurrency?: number): Promise<void> {
  await forEachConcurrently(ids, (id) => ctx.api(AS.superadmin, 'DELETE', `/api/${service}/${id}`), concurrency);
}

export const BENCH_POLICIES = [{ actions: ['read'], subjects: ['Church'] }];

export async function createRoles(ctx: BenchContext, count: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += BULK_MAX) {
    const body = Array.from({ length: Math.min(BULK_MAX, count - start) }, (_, i) => ({ name: `Bench ${label} ${start + i} ${ctx.runId}`, policies: BENCH_POLICIES }));
    const created = await ctx.api<Array<{ id: string }>>(AS.superadmin, 'POST', '/api/role/bulk', body);
    ids.push(...created.map((role) => role.id));
  }
  return ids;
}

export async function deleteRoles(ctx: BenchContext, ids: string[]): Promise<void> {
  await forEachConcurrently(ids, (id) => ctx.api(AS.superadmin, 'DELETE', `/api/role/${id}`));
}

/** Roles one person holds, one at a time: each deletion takes the role from its holder on their access version, so two at once collide (409). */
export async function deleteRolesInTurn(ctx: BenchContext, ids: string[]): Promise<void> {
  await forEachConcurrently(ids, (id) => ctx.api(AS.superadmin, 'DELETE', `/api/role/${id}`), 1);
}

/** A demo account's counter of one rate limit for this window (functions/lib/http/rate-limit.ts), removed. */
export async function forgetRateCount(limitName: RateLimitName, as: string): Promise<void> {
  const { windowSeconds } = RATE_LIMITS[limitName];
  const windowStart = Math.floor(Date.now() / 1000 / windowSeconds) * windowSeconds;
  await db().entities.rateCounter.delete({ limitName, caller: `user#${demoUserId(as)}`, windowStart }).go();
}

/**
 * A case of a rate-limited route: as many timed calls as the limit leaves after the warm-up and
 * the counted one, made after the caller's count is removed (a fixture is not a measured call),
 * so every call does the route's work and none is refused.
 */
export function underRateLimit(limitName: RateLimitName, bench: BenchCase & { as: string }): BenchCase {
  return {
    ...bench,
    calls: RATE_LIMITS[limitName].limit - 2,
    prepare: async (ctx, calls) => {
      const prepared = await bench.prepare?.(ctx, calls);
      await forgetRateCount(limitName, bench.as);
      return prepared;
    },
  };
}
