import { STREAM_FILTER_PATTERNS, type FilterPattern } from './stream-routing';

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

/** Whether the worker receives this stream record, in AWS and locally alike (one argument, so it can be given to Array.filter). */
export function passesStreamFilters(record: unknown): boolean {
  return STREAM_FILTER_PATTERNS.some((pattern) => matchesPattern(pattern, record));
}
