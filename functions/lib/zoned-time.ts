import { fromAbsolute, parseDateTime, toZoned } from '@internationalized/date';
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
  const local = fromAbsolute(at, timeZone);
  const time = { hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0, millisecond: 0 };
  const today = local.set(time);
  return (today.compare(local) >= 0 ? today : today.add({ days: 1 }).set(time)).toDate().getTime();
}

/** The first moment at or after `at` (epoch ms) when the clock in `timeZone` shows `hour`:00. */
export function nextLocalHour(at: number, hour: number, timeZone: string): number {
  return nextLocalTime(at, hour * 60, timeZone);
}

/** When the quiet hours around `at` end (epoch ms), or undefined when `at` is outside them. */
export function quietHoursEnd(at: number, quiet: QuietHours, timeZone: string): number | undefined {
  if (quiet.start === quiet.end) return undefined;
  const local = fromAbsolute(at, timeZone);
  const now = local.hour * 60 + local.minute;
  const inside = quiet.start < quiet.end ? now >= quiet.start && now < quiet.end : now >= quiet.start || now < quiet.end;
  return inside ? nextLocalTime(at, quiet.end, timeZone) : undefined;
}

/** The hour (0 to 23) the clock in `timeZone` shows at `at` (epoch ms). */
export function localHour(at: number, timeZone: string): number {
  return fromAbsolute(at, timeZone).hour;
}

/** The calendar day (YYYY-MM-DD) `at` falls on in `timeZone`: the day the SMS cap and escalation digests count. */
export function localDay(at: number, timeZone: string): string {
  return fromAbsolute(at, timeZone).toString().slice(0, 10);
}

/** The instant (epoch ms) a wall-clock time ('2026-12-14T15:00') names in `timeZone`; in a gap or overlap of a clock change, the earlier reading. */
export function instantOfLocal(local: string, timeZone: string): number {
  return toZoned(parseDateTime(local), timeZone, 'earlier').toDate().getTime();
}

/** 'Mon, Dec 14, 2026, 3:00 PM EST': an instant as people in `timeZone` read it, the zone named. */
export function localDateTimeText(at: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(new Date(at));
}
