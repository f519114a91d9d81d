/**
 * What a benchmark case is: how the benchmark calls one route, as whom, with which
 * arguments, and (for writes that cannot simply repeat) what it prepares and removes.
 */
export interface BenchRequest {
  path?: string;
  query?: string;
  body?: unknown;
  /** Headers of this call only (a sign-in callback's own cookie), beside the session's. */
  headers?: Record<string, string>;
}

export interface BenchCase<Prepared = unknown> {
  as?: string; // demo account email; none = no session
  path: string | ((ctx: BenchContext) => string | Promise<string>);
  query?: string;
  method?: string;
  /** JSON body, the same for every call. */
  body?: unknown;
  /** Routes that cannot be measured in a loop, with the reason shown in the report. */
  skip?: string;
  /** Single-item routes are held to the p99 budget of ARCHITECTURE.md section 12. */
  singleItem?: boolean;
  /** Timed calls instead of BENCH_CALLS: writes keep what they create until cleaned up. */
  calls?: number;
  /** Concurrent clients instead of 10, for writes that contend on one item by design. */
  concurrency?: number;
  /** Before any call: what the calls work on, e.g. one fresh item per call for writes that cannot repeat. */
  prepare?: (ctx: BenchContext, calls: number) => Promise<Prepared>;
  /** One call's own path, query or body; call 0 warms up, call 1 is counted, the rest are timed. */
  each?: (call: number, prepared: Prepared) => BenchRequest;
  /** After the calls: removes what prepare and the calls created (`responses`: each call's JSON). */
  cleanUp?: (ctx: BenchContext, prepared: Prepared, responses: unknown[]) => Promise<void>;
}

export interface BenchContext {
  /** The runtime's origin (the app and /api on one origin). */
  url: string;
  userId(email: string): string;
  /** Calls the runtime as a demo account, unmeasured (fixtures, clean-up); throws on an error status. */
  api<T = unknown>(as: string, method: string, path: string, body?: unknown): Promise<T>;
  /** Differs between runs, for names that must be unique. */
  runId: string;
}

/** Keeps a case's `prepare`, `each` and `cleanUp` agreeing on what is prepared. */
export function benchCase<Prepared>(definition: BenchCase<Prepared>): BenchCase {
  return definition as BenchCase;
}
