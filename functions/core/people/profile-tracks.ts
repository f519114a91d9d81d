import { ASSIGNED_TRACKS_MAX } from '../../../shared/api/limits';
import type { AssignedTrack } from '../../../shared/schemas/assigned-tracks';
import { db } from '../../db/service';
import { NotFoundError } from '../../lib/errors';
import { instanceRights } from '../enrolments/instance-access';
import { canSeeTarget, loadTargetUser } from '../users/target-user';
import type { AuthContext } from '../session/resolve-session';
import { byTrackName, enrolmentRow } from '../enrolments/assigned-tracks';

/**
 * The profile's Tracks (SPEC.md section 2, `user-profile-track-instances`): the user's enrolments
 * in one bounded Query (instances by participant). Someone else's profile lists only the enrolments
 * the caller may open, by the track instance page's own rule, so the list names no track the
 * instance page would refuse; a user the caller cannot see is 404.
 */
export async function profileTrackInstances(auth: AuthContext, userId: string): Promise<AssignedTrack[]> {
  const target = userId === auth.userId ? null : await loadTargetUser(userId);
  if (target && !canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
  const { data } = await db().entities.trackInstance.query.byParticipant({ participantId: userId }).go({ limit: ASSIGNED_TRACKS_MAX });
  return data
    .filter((instance) => !target || instanceRights(auth, instance, target).canAccess)
    .map(enrolmentRow)
    .sort(byTrackName);
}
