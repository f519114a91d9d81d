import type { BodyInput } from '@shared/api/contract';
import type { UserGroupApi } from '@shared/api/user-group';
import { AUTOCOMPLETE_LIMITS } from '@shared/api/limits';
import { NO_ASSIGNED_LOCATION, USER_GROUPS_PER_TRACK_MAX } from '@shared/schemas/user-group';
import { NO_CONFERENCE_ID } from '@shared/schemas/track';
import type { SelectOption } from '../../../components/ui';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';

/** The conference picker's choice for a group with none (SPEC.md section 3). */
export const NO_LOCATION_OPTION: SelectOption = { id: NO_CONFERENCE_ID, label: NO_ASSIGNED_LOCATION };

/** Group-form conference search (SPEC.md section 9): the caller's active conferences matching the text, 10, ascending; `withNone` adds 'No assigned location' first. */
export async function groupConferenceOptions(text: string, withNone: boolean): Promise<SelectOption[]> {
  const wanted = text.trim().toLowerCase();
  const conferences = (await call(routes.conference.active))
    .filter((row) => row.name.toLowerCase().includes(wanted))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, AUTOCOMPLETE_LIMITS.conference)
    .map((row) => ({ id: row.id, label: row.name }));
  return withNone && NO_ASSIGNED_LOCATION.toLowerCase().includes(wanted) ? [NO_LOCATION_OPTION, ...conferences] : conferences;
}

/** Interviewer search (limit 15): Interviewers placed in the group's conference, less those already in the group. */
export async function interviewerOptions(text: string, conferenceId: string, exclude: readonly string[]): Promise<SelectOption[]> {
  const people = await call(routes.user.peopleSearch, { query: { text, purpose: 'interviewer', conferenceId, ...(exclude.length ? { exclude: exclude.join(',') } : {}) } });
  return people.map((person) => ({ id: person.id, label: `${person.firstName} ${person.lastName}`, description: person.email }));
}

/** One track's groups the viewer may see (the Interviewer Groups tab: all of them, one page). */
export function useTrackGroups(trackTemplateId: string) {
  return useApi(routes['user-group'].quickSearch, { query: { where: { trackTemplateId }, limit: USER_GROUPS_PER_TRACK_MAX } }, { revalidateOnMount: true });
}

export function useGroup(groupId: string | undefined) {
  return useApi(routes['user-group'].get, groupId ? { params: { id: groupId } } : null, { revalidateOnMount: true });
}

export type GroupBody = BodyInput<UserGroupApi['create']>;

export const createGroup = (body: GroupBody) => call(routes['user-group'].create, { body });

export const updateGroup = (id: string, body: Omit<GroupBody, 'trackTemplateId'> & { version: number }) => call(routes['user-group'].updateById, { params: { id }, body });

export const deleteGroup = (id: string) => call(routes['user-group'].removeById, { params: { id } });
