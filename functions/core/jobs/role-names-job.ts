import { db } from '../../db/service';
import type { JobKind } from '../../db/jobs';
import { findRole } from '../../db/access/role-store';
import { setIfPresent } from '../../db/set-if-present';
import { projectOrWait } from '../../db/directory-projection';
import { forEachConcurrently } from '../../lib/concurrency';
import { projectUser } from '../users/user-projector';

/**
 * After a role rename: each holder's userRole item carries the role's name (profiles show
 * it without reading the role), and so do their directory entries (the users table's roles
 * column, derived from that copy). A page of holders per step, set from the role's CURRENT name,
 * then the page's holders re-projected (the stream projects them too, on the userRole change; a
 * projection that finds nothing new writes no entry).
 */
const PAGE = 50;
const PROJECT_AT_ONCE = 5;

export const roleNamesJob: JobKind<{ roleId: string }> = {
  async step(job) {
    const role = await findRole(job.input.roleId);
    if (!role) return { done: 0, finished: true };
    const { data, cursor } = await db().entities.userRole.query.byRole({ roleId: role.roleId }).go({ limit: PAGE, cursor: (job.cursor as string | undefined) ?? null });
    const stale = data.filter((held) => held.roleName !== role.name);
    await Promise.all(stale.map((held) => setIfPresent(() => db().entities.userRole.patch({ userId: held.userId, roleId: held.roleId }).set({ roleName: role.name }).go())));
    // Every holder of the page, not only the stale ones: a repeated step finds the copies set by the crashed one.
    await forEachConcurrently(data, (held) => projectOrWait(() => projectUser(held.userId)), PROJECT_AT_ONCE);
    return cursor ? { done: data.length, cursor } : { done: data.length, finished: true };
  },
};
