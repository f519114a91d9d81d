import { TRACK_INSTANCE_STATUSES } from '@shared/tracks/statuses';

export type EnrolmentStatus = (typeof TRACK_INSTANCE_STATUSES)[number];

/** Which enrolments of a place, as the list's URL says it: one status (`?status=`), or the Open ones in one phase of a track (`?track=&phase=`). */
export type EnrolledFilter = { status: EnrolmentStatus } | { track: string; phase: string };

/** The enrolments of a place behind an enrolment or phase figure of its dashboard. */
export function enrolledHref(scopeId: string, filter: EnrolledFilter): string {
  const search = 'status' in filter ? new URLSearchParams({ status: filter.status }) : new URLSearchParams({ track: filter.track, phase: filter.phase });
  return `/dashboard/${encodeURIComponent(scopeId)}/enrolments?${search.toString()}`;
}

/** The filter of the list's URL: a track and phase when both are named, else a known status (Open when none is). */
export function enrolledFilterOf(search: URLSearchParams): EnrolledFilter {
  const track = search.get('track');
  const phase = search.get('phase');
  if (track && phase && track.length <= 100 && phase.length <= 100) return { track, phase };
  return { status: TRACK_INSTANCE_STATUSES.find((candidate) => candidate === search.get('status')) ?? 'Open' };
}
