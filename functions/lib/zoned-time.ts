import { fromAbsolute } from '@internationalized/date';

/** Where a conference says nothing: the time zone of digests and SMS quiet hours. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** A time zone the runtime knows, else the default (a typo in a conference must not stop delivery). */
export function knownTimeZone(timeZone: string | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The first moment at or after `at` (epoch ms) when the clock in `timeZone` shows `hour`:00. */
export function nextLocalHour(at: number, hour: number, timeZone: string): number {
  const local = fromAbsolute(at, timeZone);
  const today = local.set({ hour, minute: 0, second: 0, millisecond: 0 });
  return (today.compare(local) >= 0 ? today : today.add({ days: 1 }).set({ hour, minute: 0, second: 0, millisecond: 0 })).toDate().getTime();
}

/**
 * When the quiet hours around `at` end (epoch ms), or undefined when `at` is outside them.
 * `start`-`end` are local hours; start > end wraps midnight (21-8: 21:00 to 08:00).
 */
export function quietHoursEnd(at: number, quiet: { start: number; end: number }, timeZone: string): number | undefined {
  if (quiet.start === quiet.end) return undefined;
  const { hour } = fromAbsolute(at, timeZone);
  const inside = quiet.start < quiet.end ? hour >= quiet.start && hour < quiet.end : hour >= quiet.start || hour < quiet.end;
  return inside ? nextLocalHour(at, quiet.end, timeZone) : undefined;
}
