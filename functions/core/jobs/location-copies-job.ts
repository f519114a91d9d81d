import { db } from '../../db/service';
import type { JobKind } from '../../db/jobs';
import { setIfPresent } from '../../db/set-if-present';
import { getLocation } from '../../db/access/location-store';
import { projectLocation } from '../locations/location-projector';
import { projectOrWait } from '../../db/directory-projection';
import { directoryLists } from '../../db/directory';
import { forEachConcurrently } from '../../lib/concurrency';
import { projectUser } from '../users/user-projector';

/**
 * After a rename: the location's children carry its name (`parentName`, shown in tables),
 * a church's members carry the church's name, and the directory entries of a conference's or
 * district's people name it (the users table's columns). A page of them per step, each brought
 * up to date from the location's CURRENT name, so repeating a step, or a second rename
 * overtaking the first, ends in the same place.
 */
interface Cursor {
  phase: 'children' | 'members' | 'users';
  /** The users phase: which of USER_LISTS is being walked. */
  list?: number;
  page?: string;
}

const PAGE = 25;
/** Users re-projected per step: each rewrites every entry of theirs (tens), so fewer than the copies above. */
const USERS_PAGE = 10;
const USERS_AT_ONCE = 5;

/**
 * Everyone whose entries name a place: a user is listed in the scope of every location on their
 * permission chains, active or not, so the place's own `users` and `users:inactive` lists hold
 * exactly the people whose conference or district it is (walked by key, never a Scan).
 */
const USER_LISTS = [directoryLists.users(), directoryLists.users(undefined, false)];

/** What follows the children: a church's members, a conference's or district's people. */
const afterChildren = { Church: 'members', Conference: 'users', District: 'users' } as const;

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
      const phase = afterChildren[location.kind as keyof typeof afterChildren];
      return phase ? { done: data.length, cursor: { phase, list: 0 } } : { done: data.length, finished: true };
    }

    if (cursor.phase === 'users') {
      const list = cursor.list ?? 0;
      const { data, cursor: next } = await db()
        .entities.directoryEntry.query.byList({ scopeId: location.locationId, list: USER_LISTS[list] })
        .go({ limit: USERS_PAGE, cursor: cursor.page ?? null, attributes: ['targetId'] });
      // The projector diffs against what it wrote: a user whose entries already show the name writes nothing.
      await forEachConcurrently(data, ({ targetId }) => projectOrWait(() => projectUser(targetId!)), USERS_AT_ONCE);
      if (next) return { done: data.length, cursor: { phase: 'users', list, page: next } };
      return list + 1 < USER_LISTS.length ? { done: data.length, cursor: { phase: 'users', list: list + 1 } } : { done: data.length, finished: true };
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
