/**
 * Due dates of steps (issue 12): a step template may carry `dueDays`; a step instance that
 * becomes Ready gets `dueAt` = then + dueDays, and the scheduled sweep marks it Overdue once
 * that passes. Every write that makes a step Ready sets `dueAt` through this function.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export function dueAtFor(dueDays: number | undefined | null, readyAt: string): string | undefined {
  if (!dueDays || dueDays <= 0) return undefined;
  return new Date(Date.parse(readyAt) + dueDays * DAY_MS).toISOString();
}
