import { STEP_PARTS_MAX } from '../../../shared/api/limits';
import type { ConflictKind } from '../../../shared/schemas/committee-vote';
import { db } from '../../db/service';
import { advisorIdsOf, type TrackInstanceItem } from '../enrolments/instance-access';

/** Mentors and church memberships one person holds: bounded as the profile lists them. */
const PERSON_LIST_MAX = 100;

/**
 * Members who stand too close to the candidate to vote (issue 26), each with the first rule that
 * holds: the participant's mentor, the participant's advisor on this enrolment, or anyone whose
 * active church membership is at the participant's home church (an active membership marked Home).
 * Reads: the participant's mentors and memberships (two Queries), then one Query per member and
 * home church (gsi1 `byChurch`, the member's key only): at most 40 members, and only when the vote opens.
 */
export async function conflictsOf(instance: Pick<TrackInstanceItem, 'participantId' | 'assignees'>, memberIds: readonly string[]): Promise<Map<string, ConflictKind>> {
  const [mentors, memberships] = await Promise.all([
    db().entities.mentorAssignment.query.byMentee({ userId: instance.participantId }).go({ limit: PERSON_LIST_MAX, consistent: true }),
    db().entities.churchMembership.query.byUser({ userId: instance.participantId }).go({ limit: PERSON_LIST_MAX, consistent: true }),
  ]);
  const mentorIds = new Set(mentors.data.map((m) => m.mentorId));
  const advisorIds = new Set(advisorIdsOf(instance));
  const homeChurches = [...new Set(memberships.data.filter((m) => m.active && m.constituent).map((m) => m.churchId))].slice(0, STEP_PARTS_MAX);
  const others = memberIds.filter((id) => id !== instance.participantId);
  const atHome = new Set(
    (
      await Promise.all(
        others.flatMap((userId) =>
          homeChurches.map(async (churchId) => {
            const { data } = await db().entities.churchMembership.query.byChurch({ churchId, userId }).go({ limit: PERSON_LIST_MAX });
            return data.some((m) => m.active) ? userId : null;
          }),
        ),
      )
    ).filter((id): id is string => id !== null),
  );
  const conflicts = new Map<string, ConflictKind>();
  for (const userId of others) {
    if (mentorIds.has(userId)) conflicts.set(userId, 'mentor');
    else if (advisorIds.has(userId)) conflicts.set(userId, 'advisor');
    else if (atHome.has(userId)) conflicts.set(userId, 'church');
  }
  return conflicts;
}
