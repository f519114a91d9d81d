import type { BodyInput } from '@shared/api/contract';
import type { TrackApi } from '@shared/api/track';
import { ASSIGNEE_ROLE_IDS } from '@shared/schemas/participants';
import { TRACK_INSTANCE_STATUSES } from '@shared/tracks/statuses';
import type { ServerTableState } from '../../../components/ui';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { compact, pageOf } from '../../../lib/table/table-query';

export type ParticipantPageBody = BodyInput<TrackApi['instances']>;
export type AssigneeRole = 'advisor' | 'interviewer';

/** The assignee roles as Manage Participant shows them. */
export const ASSIGNEE_ROLES = {
  advisor: { roleId: ASSIGNEE_ROLE_IDS.Advisor, label: 'Advisor', plural: 'Advisors' },
  interviewer: { roleId: ASSIGNEE_ROLE_IDS.Interviewer, label: 'Interviewer', plural: 'Interviewers' },
} as const;

export const participantPageRoute = routes.track.instances;

const FILTERED_COLUMNS = ['firstName', 'lastName', 'email'] as const;

/**
 * The table's state as the route's body: the page, and the column filters (prefixes, sent as
 * typed); `overdueOnly` (the URL's `?overdue=1`, the escalation digest's link) keeps the
 * enrolments with an Overdue step.
 */
export function participantPageBody(state: ServerTableState, overdueOnly = false, status?: TrackInstanceStatus): ParticipantPageBody {
  const filters = Object.fromEntries(
    state.columnFilters.filter((f) => (FILTERED_COLUMNS as readonly string[]).includes(f.id)).map((f) => [f.id, String(f.value ?? '').trim() || undefined]),
  );
  return { ...pageOf(state), where: compact({ ...filters, ...(status ? { status } : {}), ...(overdueOnly ? { overdue: true as const } : {}) }) };
}

export type TrackInstanceStatus = (typeof TRACK_INSTANCE_STATUSES)[number];

/** `?status=` (a dashboard figure's link): one of the statuses, or none for anything else. */
export function statusOfSearch(value: string | null): TrackInstanceStatus | undefined {
  return (TRACK_INSTANCE_STATUSES as readonly string[]).includes(value ?? '') ? (value as TrackInstanceStatus) : undefined;
}

/** People for an assignment row: active holders of the role the caller can see, less those already chosen (the search's limit, 15). */
export async function assigneeOptions(role: AssigneeRole, text: string, exclude: string[]) {
  const people = await call(routes.user.peopleSearch, { query: { text, purpose: role, ...(exclude.length ? { exclude: exclude.join(',') } : {}) } });
  return people.map((p) => ({ id: p.id, label: `${p.firstName} ${p.lastName}`, description: p.email }));
}

/** Manage Participant's save for one role: the role's people become exactly this list, on the version read. */
export const reassign = (trackInstanceId: string, role: AssigneeRole, assigneeIds: string[], version: number) =>
  call(routes.track.reassign, { body: { trackInstanceId, roleId: ASSIGNEE_ROLES[role].roleId, assigneeIds, version } });

/**
 * One enrolment's assignees, status and version, for a dialog that writes on that version: read afresh
 * each time a dialog opens (no deduping: a save a moment ago, then Remove, must not reuse the read
 * from before the save, which SWR's 2-second dedupe window did, and the removal was refused as stale).
 */
export const useInstanceAssignees = (trackInstanceId: string) =>
  useApi(routes.track.trackAssignees, { params: { trackInstanceIds: trackInstanceId } }, { revalidateOnMount: true, revalidateOnFocus: false, dedupingInterval: 0 });

/** Remove enrolment: 200 when one transaction did it, else the `instance.remove` job whose progress the dialog follows. */
export const removeEnrolment = (id: string, version: number) => call(routes.track.removeInstance, { body: { id, version } });
