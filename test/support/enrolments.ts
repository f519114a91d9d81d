import { db } from '../../functions/db/service';
import { newId } from '../../functions/db/ids';
import { projectEnrolment } from '../../functions/core/enrolments/enrolment-projector';

/**
 * Enrolments written straight to the table, as enrolment leaves them for the participants table
 * and the assignment routes (instance with its assignee copy, one `trackAssignee` per advisor):
 * the routes under test are not used to set up.
 */
export interface EnrolmentInput {
  trackTemplateId: string;
  participantId: string;
  districtId: string;
  advisorIds?: string[];
  status?: 'Open' | 'Withdrawn' | 'Completed';
}

type Shown = { firstName: string; lastName: string; email: string };

async function shown(userId: string): Promise<Shown> {
  const { data } = await db().entities.user.get({ userId }).go();
  if (!data) throw new Error(`No user ${userId}`);
  return { firstName: data.firstName, lastName: data.lastName, email: data.email };
}

export async function putEnrolment(input: EnrolmentInput): Promise<string> {
  const trackInstanceId = `test-instance-${newId().toLowerCase()}`;
  const { trackTemplateId, participantId } = input;
  const { data: track } = await db().entities.trackTemplate.get({ trackTemplateId }).go();
  if (!track) throw new Error(`No track ${trackTemplateId}`);
  const participant = await shown(participantId);
  const advisorIds = input.advisorIds ?? [];
  const advisors = await Promise.all(advisorIds.map(shown));
  const roleId = 'role-advisor';
  await db()
    .entities.trackInstance.put({
      trackInstanceId,
      trackTemplateId,
      trackName: track.name,
      conferenceId: track.conferenceId,
      districtId: input.districtId,
      status: input.status ?? 'Open',
      participantId,
      participant,
      sortName: `${participant.lastName} ${participant.firstName}`.toLowerCase(),
      assignees: advisors.map((a, i) => ({ userId: advisorIds[i], roleId, roleName: 'Advisor', firstName: a.firstName, lastName: a.lastName })),
    })
    .go();
  // Its participants-table entries, as enrolment's fast path leaves them.
  await projectEnrolment(trackInstanceId);
  await Promise.all(
    advisors.map((assignee, i) =>
      db()
        .entities.trackAssignee.put({ trackInstanceId, assigneeId: advisorIds[i], roleId, roleName: 'Advisor', assignee, trackTemplateId, trackName: track.name, participantId, participant })
        .go(),
    ),
  );
  return trackInstanceId;
}
