import { ForbiddenError } from '../../../lib/errors';
import type { AuthContext } from '../../session/resolve-session';
import { sitsOnTrackCommittee } from '../../user-groups/track-committees';
import { findInstance, requireInstance, type TrackInstanceItem } from '../instance-access';

/**
 * Who may make an enrolment's packet: whoever may open it (requireInstance: 404 for none, 403
 * otherwise), or a member of a committee of its track, whose packet holds only the steps the step
 * page opens to them (their committee's votes). `committeeOnly` says which.
 */
export async function requirePacketReader(auth: AuthContext, trackInstanceId: string): Promise<{ instance: TrackInstanceItem; committeeOnly: boolean }> {
  try {
    const { instance } = await requireInstance(auth, trackInstanceId);
    return { instance, committeeOnly: false };
  } catch (error) {
    if (!(error instanceof ForbiddenError)) throw error;
    const instance = await findInstance(trackInstanceId);
    if (instance && (await sitsOnTrackCommittee(auth.userId, instance.trackTemplateId))) return { instance, committeeOnly: true };
    throw error;
  }
}
