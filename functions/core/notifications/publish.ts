import { deniedAround, holdsPowerAt } from '../../../shared/auth/role-scope';
import { PUBLISH_LOCATION_KIND, type publishInputSchema } from '../../../shared/schemas/notification-publish';
import type * as z from 'zod';
import { newJob } from '../../db/jobs';
import { transact } from '../../db/transact';
import { locationRecord } from '../records/audit-records';
import { auditActorOf, auditEntryWrite } from '../records/audit-write';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { getLocation } from '../../db/access/location-store';
import { loadRoles } from '../../db/access/role-cache';
import type { AuthContext } from '../session/resolve-session';
import { PUBLISH_JOB_KIND, type PublishJobInput } from './publish-job';

type Publish = z.output<typeof publishInputSchema>;

const quoted = (message: string) => (message.length > 40 ? `${message.slice(0, 40)}...` : message);

/**
 * Where a publisher may not reach inside the location: their denials inside it (a denial at or
 * above it refuses the whole location: null). The job leaves those places' people out.
 */
export function deniedInside(auth: AuthContext, chain: readonly string[]): string[] | null {
  const around = deniedAround(auth.permissions, chain);
  if (around.some((id) => chain.includes(id))) return null;
  return around;
}

/**
 * Publish: checks on the loaded location (an active conference or district where the caller
 * administers people, `update User` over it, no denial at or above it) and role, then writes the
 * job that walks the audience (./publish-job.ts), leaving out the people of the places the
 * caller is denied inside it, and answers its id.
 */
export async function publishMessage(auth: AuthContext, input: Publish): Promise<{ jobId: string }> {
  const [location, roles] = await Promise.all([getLocation(input.locationId), input.roleId ? loadRoles([input.roleId]) : Promise.resolve([])]);
  if (!location || !location.active || (location.kind !== 'Conference' && location.kind !== 'District')) throw new ValidationError({ locationId: [PUBLISH_LOCATION_KIND] });
  const skipScopeIds = deniedInside(auth, location.ancestorIds);
  // Power at the location itself; the places denied inside it are skipped, not a reason to refuse.
  if (!skipScopeIds || !holdsPowerAt(auth, location.ancestorIds, 'update', 'User')) throw new ForbiddenError();
  const role = roles[0];
  if (input.roleId && !role) throw new ValidationError({ roleId: ['Select a role.'] });
  const audience = role ? `${role.name} in ${location.name}` : location.name;
  const job = newJob({
    kind: PUBLISH_JOB_KIND,
    ownerId: auth.userId,
    title: `Sending "${quoted(input.message)}" to ${audience}`,
    input: { locationId: location.locationId, roleId: role?.roleId, message: input.message, link: input.link, senderId: auth.userId, ...(skipScopeIds.length ? { skipScopeIds } : {}) } satisfies PublishJobInput,
  });
  await transact([
    job.write,
    auditEntryWrite({
      actor: auditActorOf(auth),
      ...locationRecord(location),
      action: 'location.notification.published',
      kind: 'notifications',
      changes: [{ field: 'message', after: input.message }, ...(role ? [{ field: 'role', after: role.name }] : []), { field: 'job', after: job.jobId }],
    }),
  ]);
  return { jobId: job.jobId };
}
