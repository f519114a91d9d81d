import { monotonicFactory, ulid } from 'ulid';

const monotonic = monotonicFactory();

/**
 * A new ULID: sortable by creation time (keys of notifications, comments, announcements
 * rely on it), strictly increasing within this process even in the same millisecond.
 * Pass a time to date an item in the past (seed, imports); such ids are not monotonic
 * (the monotonic factory would clamp them to the latest time it has seen).
 */
export function newId(at?: number): string {
  return at === undefined ? monotonic() : ulid(at);
}
