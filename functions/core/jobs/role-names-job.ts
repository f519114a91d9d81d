import { db } from '../../db/service';
import type { JobKind } from '../../db/jobs';
import { findRole } from '../roles/role-store';
import { setIfPresent } from './set-if-present';

/**
 * After a role rename: each holder's userRole item carries the role's name (profiles show
 * it without reading the role). A page of holders per step, set from the role's CURRENT name.
 */
const PAGE = 50;

export const roleNamesJob: JobKind<{ roleId: string }> = {
  async step(job) {
    const role = await findRole(job.input.roleId);
    if (!role) return { done: 0, finished: true };
    const { data, cursor } = await db().entities.userRole.query.byRole({ roleId: role.roleId }).go({ limit: PAGE, cursor: (job.cursor as string | undefined) ?? null });
    await Promise.all(
      data
        .filter((held) => held.roleName !== role.name)
        .map((held) => setIfPresent(() => db().entities.userRole.patch({ userId: held.userId, roleId: held.roleId }).set({ roleName: role.name }).go())),
    );
    return cursor ? { done: data.length, cursor } : { done: data.length, finished: true };
  },
};
