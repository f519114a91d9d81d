import { batchGet } from '../../db/transact';
import { db } from '../../db/service';

/** A person sits on few interview groups: their memberships are read in one page of at most this many. */
const MEMBERSHIPS_READ = 100;

/**
 * Whether the person is a member of an interview group of this track (a committee of the track's
 * votes): one Query of their memberships and one BatchGet of those groups. Only a group of the
 * enrolment's own track counts, as on the step page (vote-access.ts): a design copied into another
 * conference does not carry the source's committee along.
 */
export async function sitsOnTrackCommittee(userId: string, trackTemplateId: string): Promise<boolean> {
  const { data } = await db().entities.userGroupMember.query.byUser({ userId }).go({ limit: MEMBERSHIPS_READ });
  if (!data.length) return false;
  const groups = await batchGet<{ trackTemplateId?: string }>(db().entities.userGroup, data.map((m) => ({ userGroupId: m.userGroupId })));
  return groups.some((group) => group.trackTemplateId === trackTemplateId);
}
