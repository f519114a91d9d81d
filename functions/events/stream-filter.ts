import { STREAM_FILTERS, type FilterPattern, type StreamWorker } from './stream-routing';

/**
 * Lambda's event filtering, for the part of its syntax the worker's patterns use: nested
 * objects, and at each leaf a list of exact string values. A pattern using anything else
 * (prefix, numeric, exists) is refused rather than guessed at, so the local runtime can never
 * pass a record AWS would drop.
 */
export function matchesPattern(pattern: FilterPattern, value: unknown): boolean {
  for (const [key, expected] of Object.entries(pattern)) {
    const actual = (value as Record<string, unknown> | null | undefined)?.[key];
    if (Array.isArray(expected)) {
      if (!expected.every((allowed) => typeof allowed === 'string')) throw new Error(`Unsupported filter rule at ${key}: only lists of exact strings are evaluated locally`);
      if (typeof actual !== 'string' || !expected.includes(actual)) return false;
    } else if (!matchesPattern(expected as FilterPattern, actual)) {
      return false;
    }
  }
  return true;
}

/** Whether any of these patterns lets the record through (Lambda ORs a mapping's filters). */
export function passesPatterns(patterns: readonly FilterPattern[], record: unknown): boolean {
  return patterns.some((pattern) => matchesPattern(pattern, record));
}

/**
 * Whether the worker receives this stream record, in AWS and locally alike: its own event source
 * mapping's filter (./stream-routing.ts). A predicate of one argument, so it can be given to Array.filter.
 */
export function passesFilterOf(worker: StreamWorker): (record: unknown) => boolean {
  return (record) => passesPatterns(STREAM_FILTERS[worker], record);
}

export const passesOutboxWorkerFilter = passesFilterOf('outbox-worker');
export const passesJobWorkerFilter = passesFilterOf('job-worker');

/** The workers that receive this record (each its own copy, as each mapping reads the stream on its own). */
export function workersReceiving(record: unknown): StreamWorker[] {
  return (Object.keys(STREAM_FILTERS) as StreamWorker[]).filter((worker) => passesFilterOf(worker)(record));
}
