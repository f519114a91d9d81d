import { DEFAULT_QUIET_HOURS, DEFAULT_TIME_ZONE, minutesOfDay } from '../../shared/schemas/conference-settings';

export { DEFAULT_TIME_ZONE };

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

/**
 * Wall clocks in a time zone from the runtime's own Intl (no date library in the Lambda bundles: the
 * one the web app uses cost the functions 12.7 KB each). A "wall" is a reading of the clock held as
 * the epoch ms of the same reading in UTC, so days and hours add with Date.UTC's arithmetic.
 */
const clocks = new Map<string, Intl.DateTimeFormat>();

function wallAt(at: number, timeZone: string): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    clocks.set(timeZone, clock);
  }
  const part = Object.fromEntries(clock.formatToParts(at).map((piece) => [piece.type, Number(piece.value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour! % 24, part.minute!, part.second!) + (((at % 1000) + 1000) % 1000);
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock reading names in `timeZone`. In the hour a clock change repeats, the
 * earlier of its two instants. In the hour it skips: with 'earlier', the reading taken with the
 * offset after the change (an instant before the jump, as Temporal's 'earlier'); with
 * 'compatible', the one taken with the offset before it (after the jump: the clock never shows
 * 02:30, so the first moment past it is when it jumps on).
 */
function instantOfWall(wall: number, timeZone: string, inGap: 'earlier' | 'compatible'): number {
  // The zone's offsets a day either side bound the answer (no zone changes twice in two days).
  const candidates = [...new Set([wallAt(wall - DAY_MS, timeZone) - (wall - DAY_MS), wallAt(wall + DAY_MS, timeZone) - (wall + DAY_MS)])].map((offset) => wall - offset);
  const exact = candidates.filter((at) => wallAt(at, timeZone) === wall);
  if (exact.length) return Math.min(...exact);
  return inGap === 'earlier' ? Math.min(...candidates) : Math.max(...candidates);
}

const fields = (wall: number) => {
  const date = new Date(wall);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), minutes: date.getUTCHours() * 60 + date.getUTCMinutes() };
};

/** Quiet hours as minutes after local midnight; start > end wraps midnight, equal means none. */
export interface QuietHours {
  start: number;
  end: number;
}

/** A conference's quiet hours ('HH:mm' attributes), each end defaulting to 21:00-08:00. */
export function quietHoursOf(conference: { quietHoursStart?: string; quietHoursEnd?: string } | null | undefined): QuietHours {
  return { start: minutesOfDay(conference?.quietHoursStart ?? DEFAULT_QUIET_HOURS.start), end: minutesOfDay(conference?.quietHoursEnd ?? DEFAULT_QUIET_HOURS.end) };
}

/** The first moment at or after `at` (epoch ms) when the clock in `timeZone` shows `minutes` after midnight. */
function nextLocalTime(at: number, minutes: number, timeZone: string): number {
  const { year, month, day } = fields(wallAt(at, timeZone));
  const today = instantOfWall(Date.UTC(year, month, day, 0, minutes), timeZone, 'compatible');
  return today >= at ? today : instantOfWall(Date.UTC(year, month, day + 1, 0, minutes), timeZone, 'compatible');
}

/** The first moment at or after `at` (epoch ms) when the clock in `timeZone` shows `hour`:00. */
export function nextLocalHour(at: number, hour: number, timeZone: string): number {
  return nextLocalTime(at, hour * 60, timeZone);
}

/** When the quiet hours around `at` end (epoch ms), or undefined when `at` is outside them. */
export function quietHoursEnd(at: number, quiet: QuietHours, timeZone: string): number | undefined {
  if (quiet.start === quiet.end) return undefined;
  const now = fields(wallAt(at, timeZone)).minutes;
  const inside = quiet.start < quiet.end ? now >= quiet.start && now < quiet.end : now >= quiet.start || now < quiet.end;
  return inside ? nextLocalTime(at, quiet.end, timeZone) : undefined;
}

/** The hour (0 to 23) the clock in `timeZone` shows at `at` (epoch ms). */
export function localHour(at: number, timeZone: string): number {
  return new Date(wallAt(at, timeZone)).getUTCHours();
}

/** The calendar day (YYYY-MM-DD) `at` falls on in `timeZone`: the day the SMS cap and escalation digests count. */
export function localDay(at: number, timeZone: string): string {
  return new Date(wallAt(at, timeZone)).toISOString().slice(0, 10);
}

/** The instant (epoch ms) a wall-clock time ('2026-12-14T15:00') names in `timeZone`; in a gap or overlap of a clock change, the earlier reading. */
export function instantOfLocal(local: string, timeZone: string): number {
  const [date, time = '00:00'] = local.split('T');
  const [year, month, day] = date!.split('-').map(Number);
  const [hour, minute, second = 0] = time.split(':').map(Number);
  return instantOfWall(Date.UTC(year!, month! - 1, day!, hour!, minute!, second), timeZone, 'earlier');
}

/** 'Mon, Dec 14, 2026, 3:00 PM EST': an instant as people in `timeZone` read it, the zone named. */
export function localDateTimeText(at: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(new Date(at));
}
