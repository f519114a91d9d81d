import { directoryLists } from '../../db/directory';
import { projectionCurrent, projectOrWait } from '../../db/directory-projection';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { db } from '../../db/service';
import { forEachConcurrently } from '../../lib/concurrency';
import { desiredUserEntries, projectUser } from '../users/user-projector';

/** Enrolments and users the re-index works on at once: one at a time did 2.5 a second on a loaded machine, hours for the large seed. */
export const AT_ONCE = 8;

/** The System root's lists of all users, active and inactive: the user stage walks them. */
export const USER_LISTS = [directoryLists.users(), directoryLists.users(undefined, false)];

/**
 * The re-index job's user stage: every user is listed once in the System root's `users` or
 * `users:inactive` list, so walking those two lists by key reaches each user without a Scan.
 * Each user's wanted entries are compared with their projection record (read only), and only users
 * whose record differs are projected again (user-projector.ts, under its lease, writing only what
 * differs): users projected before a list family changed (the emails' move out of `userWords` into
 * `userEmails`) get the new entries and lose the old ones; anyone else costs two reads and no write.
 */
export async function reindexUsersPage(list: string, cursor: string | null, pageSize: number): Promise<{ users: number; changed: number; cursor: string | null }> {
  const page = await db()
    .entities.directoryEntry.query.byList({ scopeId: SYSTEM_LOCATION_ID, list })
    .go({ limit: pageSize, cursor, attributes: ['targetId'] });
  let changed = 0;
  await forEachConcurrently(
    page.data,
    async ({ targetId }) => {
      if (await projectionCurrent('user', targetId!, await desiredUserEntries(targetId!))) return;
      await projectOrWait(() => projectUser(targetId!));
      changed++;
    },
    AT_ONCE,
  );
  return { users: page.data.length, changed, cursor: page.cursor };
}
