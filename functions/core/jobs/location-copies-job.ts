import { db } from '../../db/service';
import type { JobKind } from '../../db/jobs';
import { setIfPresent } from './set-if-present';
import { getLocation } from '../locations/location-store';
import { projectLocation } from '../locations/location-projector';
import { projectOrWait } from '../../db/directory-projection';

/**
 * After a rename: the location's children carry its name (`parentName`, shown in tables) and
 * a church's members carry the church's name. A page of them per step, each brought up to
 * date from the location's CURRENT name, so repeating a step, or a second rename overtaking
 * the first, ends in the same place.
 */
interface Cursor {
  phase: 'children' | 'members';
  page?: string;
}

const PAGE = 25;

export const locationCopiesJob: JobKind<{ locationId: string }> = {
  async step(job) {
    const cursor: Cursor = (job.cursor as Cursor | undefined) ?? { phase: 'children' };
    const location = await getLocation(job.input.locationId);
    if (!location) return { done: 0, finished: true };

    if (cursor.phase === 'children') {
      const { data, cursor: next } = await db()
        .entities.location.query.byParent({ parentId: location.locationId })
        .go({ limit: PAGE, cursor: cursor.page ?? null });
      for (const child of data) await projectOrWait(() => projectLocation(child.locationId));
      if (next) return { done: data.length, cursor: { phase: 'children', page: next } };
      return location.kind === 'Church' ? { done: data.length, cursor: { phase: 'members' } } : { done: data.length, finished: true };
    }

    const { data, cursor: next } = await db()
      .entities.churchMembership.query.byChurch({ churchId: location.locationId })
      .go({ limit: PAGE, cursor: cursor.page ?? null });
    const stale = data.filter((membership) => membership.churchName !== location.name);
    // A copy, not an edit: the membership's version (its Home / primary edits) is left alone.
    await Promise.all(stale.map((membership) => setIfPresent(() => db().entities.churchMembership.patch(membership).set({ churchName: location.name }).go())));
    return next ? { done: data.length, cursor: { phase: 'members', page: next } } : { done: data.length, finished: true };
  },
};
