import { encodeTime } from 'ulid';

/**
 * A ULID for a demo item with a fixed time and a fixed random part: the same on every
 * seed run (so re-seeding overwrites instead of duplicating), yet ordered by time among
 * real ULIDs like any other id.
 */
export function demoUlid(isoTime: string, serial: number): string {
  return encodeTime(Date.parse(isoTime), 10) + `DEM0${String(serial).padStart(12, '0')}`;
}
