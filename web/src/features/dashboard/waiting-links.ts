import { WAITING_DAYS_MAX, WAITING_STEP_STATUSES } from '@shared/schemas/dashboard';
import type { SelectOption } from '../../components/ui';

export type WaitingStatus = (typeof WAITING_STEP_STATUSES)[number];

/** What narrows the waiting list, as its URL says it (`?status=&days=&person=`). */
export interface WaitingFilter {
  status?: WaitingStatus;
  days?: number;
  person?: string;
}

/** The dashboard's place and district, carried in the history so "Back to the dashboard" returns to them. */
export interface DashboardSelection {
  place: SelectOption;
  district: SelectOption | null;
}

/** The filter as the waiting list's URL says it. */
export function waitingSearch(filter: WaitingFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.status) search.set('status', filter.status);
  if (filter.days) search.set('days', String(filter.days));
  if (filter.person) search.set('person', filter.person);
  return search;
}

/** The waiting list of a place, narrowed by the filter (the list behind a dashboard figure). */
export function waitingHref(scopeId: string, filter: WaitingFilter = {}): string {
  const query = waitingSearch(filter).toString();
  return `/dashboard/${encodeURIComponent(scopeId)}/waiting${query ? `?${query}` : ''}`;
}

/** The filter of a waiting list URL; anything unknown is left out rather than sent. */
export function waitingFilterOf(search: URLSearchParams): WaitingFilter {
  const status = WAITING_STEP_STATUSES.find((candidate) => candidate === search.get('status'));
  const days = Number(search.get('days'));
  const person = search.get('person') ?? undefined;
  return {
    ...(status && { status }),
    ...(Number.isInteger(days) && days > 0 && days <= WAITING_DAYS_MAX && { days }),
    ...(person && person.length <= 100 && { person }),
  };
}
