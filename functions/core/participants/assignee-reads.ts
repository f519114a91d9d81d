import type { AssigneeRef, InstanceAssignees } from '../../../shared/schemas/participants';
import { ASSIGNEE_ROLE_IDS } from '../../../shared/schemas/participants';
import { db } from '../../db/service';
import { batchGet } from '../../db/transact';
import { ForbiddenError } from '../../lib/errors';
import { requireTrack, type TrackCaller } from '../tracks/track-scope';
import { assigneesView } from './assignments';
import { administersEnrolments, administersInstance, type TrackInstanceItem } from '../enrolments/instance-access';

/** Advisors `GET track/{id}/advisors` returns at most (a track's advisors are a handful to a few dozen). */
export const TRACK_ADVISORS_MAX = 50;
/** Requests it makes at most: each reads up to ADVISOR_ENTRIES_PER_READ assignment entries. */
export const TRACK_ADVISOR_READS_MAX = 5;
const ADVISOR_ENTRIES_PER_READ = 100;
/** Sorts after every instance id: a key past all of one advisor's entries. */
const PAST_ALL = '\uffff';

/**
 * `GET track/{id}/advisors`: the distinct advisors assigned in a track, by name, for its
 * administrators. gsi2 `byTemplateRole` holds one entry per (advisor, instance), sorted by
 * advisor: each read takes up to 100 entries and the next one starts past the last advisor
 * seen, so an advisor with many participants costs no more than one with few.
 */
export async function trackAdvisors(auth: TrackCaller, trackTemplateId: string): Promise<AssigneeRef[]> {
  const { track } = await requireTrack(auth, trackTemplateId, 'read');
  if (!administersEnrolments(auth, track.conferenceId)) throw new ForbiddenError();
  const found = new Map<string, AssigneeRef>();
  let after: string | undefined;
  for (let read = 0; read < TRACK_ADVISOR_READS_MAX && found.size < TRACK_ADVISORS_MAX; read++) {
    const list = db().entities.trackAssignee.query.byTemplateRole({ trackTemplateId, roleId: ASSIGNEE_ROLE_IDS.Advisor });
    const { data } = await (after ? list.gt({ assigneeId: after, trackInstanceId: PAST_ALL }) : list).go({
      limit: ADVISOR_ENTRIES_PER_READ,
      attributes: ['assigneeId', 'assignee'],
    });
    for (const entry of data) found.set(entry.assigneeId, { id: entry.assigneeId, firstName: entry.assignee.firstName, lastName: entry.assignee.lastName });
    if (data.length < ADVISOR_ENTRIES_PER_READ) break;
    after = data[data.length - 1].assigneeId;
  }
  return [...found.values()]
    .slice(0, TRACK_ADVISORS_MAX)
    .sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`) || a.id.localeCompare(b.id));
}

/** Who may see an instance's assignees: its administrators, its participant and its assignees. */
function seesAssignees(auth: TrackCaller, instance: TrackInstanceItem): boolean {
  return instance.participantId === auth.userId || instance.assignees.some((a) => a.userId === auth.userId) || administersInstance(auth, instance);
}

/** `GET track/track-assignees/{ids}`: each named instance's assignees (one BatchGet), in the order named; instances the caller may not see are left out. */
export async function trackAssignees(auth: TrackCaller, trackInstanceIds: string[]): Promise<InstanceAssignees[]> {
  const instances = await batchGet<TrackInstanceItem>(db().entities.trackInstance, trackInstanceIds.map((trackInstanceId) => ({ trackInstanceId })));
  const byId = new Map(instances.filter((instance) => seesAssignees(auth, instance)).map((instance) => [instance.trackInstanceId, instance]));
  return trackInstanceIds.flatMap((id) => (byId.has(id) ? [assigneesView(byId.get(id)!)] : []));
}
