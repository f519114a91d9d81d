import { db } from '../../db/service';
import type { JobKind } from '../../db/jobs';
import { directoryLists } from '../../db/directory';
import { readCounts } from '../../db/directory-read';
import { LOCATION_KINDS, type LocationKind } from '../../../shared/auth/vocabulary';
import { ancestryUnder } from '../locations/ancestry';
import { getLocation } from '../../db/access/location-store';
import { projectLocation } from '../locations/location-projector';
import { projectUser } from '../users/user-projector';
import { projectOrWait } from '../../db/directory-projection';
import { setIfPresent } from '../../db/set-if-present';
import { areaOf } from '../tracks/track-scope';
import { setTrackArea } from '../tracks/track-area';

/**
 * After a location moved to another parent (the move itself committed with this job): every
 * descendant's ancestry, every permission's and membership's ancestor chain, each conference's
 * track templates' area (their gsi4 list), and the
 * directory entries of those locations and users follow. A depth-first walk with an explicit
 * stack in the cursor; each frame is one location at one stage, each step a bounded number of
 * writes, each write recomputed from the parent's CURRENT state (idempotent, resumable).
 */
interface Frame {
  locationId: string;
  stage: 'permissions' | 'memberships' | 'tracks' | 'children';
  page?: string;
}

const PAGE = 25;

/** After its permissions: a church's memberships, a conference's tracks, then (not a church) the children. */
const nextStage: Partial<Record<LocationKind, Frame['stage']>> = { Church: 'memberships', Conference: 'tracks' };

export const locationMoveJob: JobKind<{ locationId: string }> = {
  async step(job) {
    const stack: Frame[] = (job.cursor as Frame[] | undefined) ?? [{ locationId: job.input.locationId, stage: 'permissions' }];
    const total = job.total ?? (await descendantCount(job.input.locationId)) + 1;
    const frame = stack.pop();
    if (!frame) return { done: 0, total, finished: true, result: { locations: job.done } };
    const location = await getLocation(frame.locationId);
    if (!location) return { done: 0, total, cursor: stack };

    if (frame.stage === 'permissions') {
      const { data, cursor } = await db().entities.permission.query.byLocation({ entityId: location.locationId }).go({ limit: PAGE, cursor: frame.page ?? null });
      for (const permission of data) {
        if (String(permission.ancestorIds) !== String(location.ancestorIds)) {
          await setIfPresent(() => db().entities.permission.patch(permission).set({ ancestorIds: location.ancestorIds }).go());
        }
        await projectOrWait(() => projectUser(permission.userId));
      }
      stack.push(cursor ? { ...frame, page: cursor } : { locationId: location.locationId, stage: nextStage[location.kind as LocationKind] ?? 'children' });
      return { done: 0, total, cursor: stack };
    }

    if (frame.stage === 'tracks') {
      // A conference's tracks follow it into its new area's list (gsi4 `byArea`).
      const { data, cursor } = await db().entities.trackTemplate.query.byConference({ conferenceId: location.locationId }).go({ limit: PAGE, cursor: frame.page ?? null });
      const areaId = areaOf({ conferenceId: location.locationId, ancestorIds: location.ancestorIds });
      for (const track of data) await setTrackArea(track, areaId);
      stack.push(cursor ? { ...frame, page: cursor } : { locationId: location.locationId, stage: 'children' });
      return { done: 0, total, cursor: stack };
    }

    if (frame.stage === 'memberships') {
      const { data, cursor } = await db().entities.churchMembership.query.byChurch({ churchId: location.locationId }).go({ limit: PAGE, cursor: frame.page ?? null });
      await Promise.all(
        data
          .filter((membership) => String(membership.ancestorIds) !== String(location.ancestorIds))
          .map((membership) => setIfPresent(() => db().entities.churchMembership.patch(membership).set({ ancestorIds: location.ancestorIds }).go())),
      );
      if (cursor) stack.push({ ...frame, page: cursor });
      // A church has no children: it is done.
      return { done: cursor ? 0 : 1, total, cursor: stack };
    }

    const { data, cursor } = await db().entities.location.query.byParent({ parentId: location.locationId }).go({ limit: PAGE, cursor: frame.page ?? null });
    if (cursor) stack.push({ ...frame, page: cursor });
    for (const child of data) {
      const place = ancestryUnder(location, child.locationId);
      if (String(child.ancestorIds) !== String(place.ancestorIds)) {
        await setIfPresent(() =>
          db().entities.location.patch({ locationId: child.locationId }).set({ ancestors: place.ancestors, ancestorIds: place.ancestorIds, parentName: place.parentName }).go(),
        );
      }
      await projectOrWait(() => projectLocation(child.locationId));
      stack.push({ locationId: child.locationId, stage: 'permissions' });
    }
    return { done: cursor ? 0 : 1, total, cursor: stack };
  },
};

/** Locations under this one (active and inactive), from the directory's counters: one BatchGet. */
async function descendantCount(locationId: string): Promise<number> {
  const location = await getLocation(locationId);
  if (!location) return 0;
  const below = LOCATION_KINDS.slice(LOCATION_KINDS.indexOf(location.kind as LocationKind) + 1);
  const lists = below.flatMap((kind) => [directoryLists.locations(kind), directoryLists.locations(kind, false)]);
  return readCounts(lists.map((list) => ({ scopeId: locationId, list })));
}
