import { TRACK_INSTANCE_STATUSES } from '@shared/tracks/statuses';

export type EnrolmentStatus = (typeof TRACK_INSTANCE_STATUSES)[number];

/**
 * Which enrolments of a place, as the list's URL says it: a status (`?status=`), those made in a
 * month or of an ended status that ended in it (`?month=YYYY-MM`, with or without a status), or the
 * Open ones in one phase of a track (`?track=&phase=`).
 */
export type EnrolledFilter = { status?: EnrolmentStatus; month?: string } | { track: string; phase: string };

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The enrolments of a place behind an enrolment, phase or month figure of its dashboard. */
export function enrolledHref(scopeId: string, filter: EnrolledFilter): string {
  const search = new URLSearchParams('track' in filter ? { track: filter.track, phase: filter.phase } : { ...(filter.status && { status: filter.status }), ...(filter.month && { month: filter.month }) });
  return `/dashboard/${encodeURIComponent(scopeId)}/enrolments?${search.toString()}`;
}

/** The filter of the list's URL: a track and phase when both are named, else a known status and month (Open when neither is). */
export function enrolledFilterOf(search: URLSearchParams): EnrolledFilter {
  const track = search.get('track');
  const phase = search.get('phase');
  if (track && phase && track.length <= 100 && phase.length <= 100) return { track, phase };
  const status = TRACK_INSTANCE_STATUSES.find((candidate) => candidate === search.get('status'));
  const month = search.get('month') ?? '';
  if (MONTH.test(month)) return { ...(status && { status }), month };
  return { status: status ?? 'Open' };
}

/** "March 2026" for `2026-03`. */
export const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
