import * as z from 'zod';

/**
 * A conference's messaging settings (docs/notifications.md): its IANA time zone (the daily
 * digest's hour, SMS quiet hours, the day the SMS cap and escalation digests count) and its
 * SMS quiet hours, local 'HH:mm' start and end (start after end wraps midnight; equal: none).
 */
export const DEFAULT_TIME_ZONE = 'America/New_York';
export const DEFAULT_QUIET_HOURS = { start: '21:00', end: '08:00' } as const;

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list.';
export const QUIET_TIME_MESSAGE = 'Enter a time like 21:00.';

/** The runtime's IANA zones (the web's combobox offers its browser's list; the server checks against its own). */
export function timeZoneNames(): string[] {
  return Intl.supportedValuesOf('timeZone');
}

/**
 * The runtime's canonical spelling of a zone it lists, else undefined. Runtimes differ in
 * spelling (a browser's Europe/Kyiv is Node 20's Europe/Kiev): both resolve to the one listed.
 */
export function canonicalTimeZone(name: string): string | undefined {
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return timeZoneNames().includes(resolved) ? resolved : undefined;
  } catch {
    return undefined;
  }
}

export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .max(64, TIME_ZONE_MESSAGE)
  .transform((name, context) => {
    const canonical = canonicalTimeZone(name);
    if (!canonical) context.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
    return canonical ?? name;
  });

/** 'HH:mm', 24-hour. */
export const quietTimeSchema = z
  .string({ error: QUIET_TIME_MESSAGE })
  .max(5, { message: QUIET_TIME_MESSAGE, abort: true }) // one message, not two
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, QUIET_TIME_MESSAGE);

/** Minutes after local midnight of an 'HH:mm' time. */
export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}
