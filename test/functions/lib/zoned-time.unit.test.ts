import { fromAbsolute, parseDateTime, toZoned } from '@internationalized/date';
import fc from 'fast-check';
import { instantOfLocal, localDay, localHour, nextLocalHour, quietHoursEnd } from '../../../functions/lib/zoned-time';

/**
 * The functions' wall clocks (functions/lib/zoned-time.ts) use the runtime's Intl; the date library
 * the web app uses (and the functions used before) is their oracle here, across zones with and
 * without clock changes and around the changes themselves.
 */
const ZONES = ['America/New_York', 'America/Los_Angeles', 'America/Chicago', 'America/Phoenix', 'Pacific/Honolulu', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
const zone = fc.constantFrom(...ZONES);
// 2024 to 2031, by the minute and second.
const instant = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2031, 11, 31) });
/** Instants within two hours of a clock change in New York, London or Lord Howe (half an hour). */
const CHANGES = [Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 10, 1, 6), Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2026, 3, 4, 15), Date.UTC(2026, 9, 3, 15, 30)];
const nearChange = fc.tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -2 * 3_600_000, max: 2 * 3_600_000 })).map(([at, delta]) => at + delta);

const oracleNext = (at: number, minutes: number, timeZone: string) => {
  const local = fromAbsolute(at, timeZone);
  const time = { hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0, millisecond: 0 };
  const today = local.set(time);
  return (today.compare(local) >= 0 ? today : today.add({ days: 1 }).set(time)).toDate().getTime();
};

describe('wall clocks in a time zone', () => {
  it('read the same day and hour as the date library', () => {
    fc.assert(
      fc.property(fc.oneof(instant, nearChange), zone, (at, timeZone) => {
        const local = fromAbsolute(at, timeZone);
        expect(localDay(at, timeZone)).toBe(local.toString().slice(0, 10));
        expect(localHour(at, timeZone)).toBe(local.hour);
      }),
      { numRuns: 3000 },
    );
  });

  it('find the next hour and the end of quiet hours where the date library does, clock changes included', () => {
    fc.assert(
      fc.property(fc.oneof(instant, nearChange), zone, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 1439 }), (at, timeZone, hour, end) => {
        expect(nextLocalHour(at, hour, timeZone)).toBe(oracleNext(at, hour * 60, timeZone));
        const local = fromAbsolute(at, timeZone);
        const now = local.hour * 60 + local.minute;
        const start = (end + 600) % 1440;
        const inside = start < end ? now >= start && now < end : now >= start || now < end;
        expect(quietHoursEnd(at, { start, end }, timeZone)).toBe(inside ? oracleNext(at, end, timeZone) : undefined);
      }),
      { numRuns: 3000 },
    );
  });

  it("name the instant of a wall-clock time as the date library's 'earlier' does, in a skipped or repeated hour too", () => {
    const wall = fc.record({ day: fc.integer({ min: 0, max: 3 * 365 }), minute: fc.integer({ min: 0, max: 1439 }) }).map(({ day, minute }) => new Date(Date.UTC(2025, 0, 1 + day, 0, minute)).toISOString().slice(0, 16));
    const changeWall = fc.tuple(fc.constantFrom('2026-03-08T', '2026-11-01T', '2026-03-29T', '2026-10-25T', '2026-04-05T', '2026-10-04T'), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 59 })).map(([date, hour, minute]) => `${date}${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.oneof(wall, changeWall), zone, (local, timeZone) => {
        expect(instantOfLocal(local, timeZone)).toBe(toZoned(parseDateTime(local), timeZone, 'earlier').toDate().getTime());
      }),
      { numRuns: 3000 },
    );
    // New York's skipped 02:30 is 01:30 EST's instant; its repeated 01:30 the first (EDT).
    expect(new Date(instantOfLocal('2026-03-08T02:30', 'America/New_York')).toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(new Date(instantOfLocal('2026-11-01T01:30', 'America/New_York')).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});
