import { createHash } from 'node:crypto';
import { encodeTime, monotonicFactory, ulid } from 'ulid';

const monotonic = monotonicFactory();
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_LENGTH = 16;

/**
 * A new ULID: sortable by creation time (keys of notifications, comments, announcements
 * rely on it), strictly increasing within this process even in the same millisecond.
 * Pass a time to date an item in the past (seed, imports); such ids are not monotonic
 * (the monotonic factory would clamp them to the latest time it has seen).
 */
export function newId(at?: number): string {
  return at === undefined ? monotonic() : ulid(at);
}

/**
 * A ULID whose random part is a hash of `parts`: the same inputs always give the same id,
 * so a retried write (an outbox delivery, a job chunk) lands on the item the first try
 * made instead of making a second one. Sorts by `at` like any other id.
 */
export function deterministicId(at: number, ...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  let random = '';
  for (let index = 0; index < RANDOM_LENGTH; index++) random += CROCKFORD[digest[index] & 31];
  return encodeTime(at, 10) + random;
}
