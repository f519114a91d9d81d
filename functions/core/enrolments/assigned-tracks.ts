import { ASSIGNED_TRACKS_MAX } from '../../../shared/api/limits';
import type { AssignedTrack, AssignedTracks } from '../../../shared/schemas/assigned-tracks';
import { db } from '../../db/service';
import type { TrackInstanceItem } from './instance-access';
import type { TrackCaller } from '../tracks/track-scope';

export const byTrackName = (a: AssignedTrack, b: AssignedTrack) => a.trackName.localeCompare(b.trackName, 'en', { sensitivity: 'base' }) || a.trackInstanceId.localeCompare(b.trackInstanceId);

/**
 * `GET assigned-tracks` (SPEC.md section 2, /tracks' Participating and Assignments): one Query
 * of the caller's enrolments (instances by participant) and one of their assignments (assignees
 * by assignee), each bounded. Only the caller's own: nothing here is another person's to ask for.
 */
export async function assignedTracks(auth: TrackCaller): Promise<AssignedTracks> {
  const [enrolled, assigned] = await Promise.all([
    db().entities.trackInstance.query.byParticipant({ participantId: auth.userId }).go({ limit: ASSIGNED_TRACKS_MAX }),
    db().entities.trackAssignee.query.byAssignee({ assigneeId: auth.userId }).go({ limit: ASSIGNED_TRACKS_MAX }),
  ]);
  const statuses = await instanceStatuses(assigned.data.map((a) => a.trackInstanceId));
  return {
    participating: enrolled.data.map(enrolmentRow).sort(byTrackName),
    assignments: assigned.data
      .map((a) => ({
        trackInstanceId: a.trackInstanceId,
        trackTemplateId: a.trackTemplateId,
        trackName: a.trackName,
        status: statuses.get(a.trackInstanceId) ?? 'Open',
        participant: { id: a.participantId, firstName: a.participant.firstName, lastName: a.participant.lastName },
        roleName: a.roleName,
      }))
      .sort(byTrackName),
  };
}

/** An enrolment as a row of Participating (and of a profile's Tracks). */
export function enrolmentRow(i: TrackInstanceItem): AssignedTrack {
  return { trackInstanceId: i.trackInstanceId, trackTemplateId: i.trackTemplateId, trackName: i.trackName, status: i.status, participant: { id: i.participantId, firstName: i.participant.firstName, lastName: i.participant.lastName }, roleName: null };
}

/** The statuses of the assigned instances (the assignee item keeps names, not the status): one batch get. */
async function instanceStatuses(trackInstanceIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(trackInstanceIds)];
  if (!ids.length) return new Map();
  const { data } = await db().entities.trackInstance.get(ids.map((trackInstanceId) => ({ trackInstanceId }))).go({ attributes: ['trackInstanceId', 'status'] });
  return new Map(data.map((i) => [i.trackInstanceId, i.status]));
}
