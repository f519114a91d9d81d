import { db } from '../../db/service';
import type { LocationItem } from './location-store';

const WRITES_AT_ONCE = 25;

/**
 * Church memberships show the church's name (profiles, the Add Membership dialog) from a
 * copy on each membership: a renamed church rewrites its members' copies (gsi1 byChurch).
 * The copy is derived data, so it is set without a version condition and leaves the
 * membership's own version (its Home / primary / active edits) alone.
 */
export async function refreshMembershipChurchNames(church: LocationItem): Promise<void> {
  if (church.kind !== 'Church') return;
  const { data: memberships } = await db().entities.churchMembership.query.byChurch({ churchId: church.locationId }).go({ pages: 'all' });
  const stale = memberships.filter((membership) => membership.churchName !== church.name);
  for (let start = 0; start < stale.length; start += WRITES_AT_ONCE) {
    await Promise.all(
      stale
        .slice(start, start + WRITES_AT_ONCE)
        .map(({ userId, membershipId }) => db().entities.churchMembership.patch({ userId, membershipId }).set({ churchName: church.name }).go()),
    );
  }
}
