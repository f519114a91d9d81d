import { scoped } from '../../../shared/auth/ability';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { LOCATION_KINDS } from '../../../shared/auth/vocabulary';
import { grants } from '../../../shared/auth/permissions';
import { canSeeTarget, loadTargetUser } from '../users/target-user';
import { mayActOnOthers } from '../scope/caller-rights';
import type { AuthContext } from '../session/resolve-session';

/**
 * Who reads a person's read-access log (docs/security.md "Read-access log"): superadmins, and
 * those who may update one of the person's conferences (their conference admins). Not the
 * person's advisors, mentors, peers or district admins: the log names who looked at what, and is
 * the conference's record of its confidential files.
 */
type Caller = Pick<AuthContext, 'isSuperadmin' | 'permissions' | 'roles' | 'ability' | 'userId'>;

/** No read: a caller who may update no conference anywhere is refused at once. */
export function requireReadLogPower(auth: Caller): void {
  if (!mayActOnOthers(auth, 'update', 'Conference')) throw new ForbiddenError();
}

/** On the loaded person: unseen 404, seen but not governed 403. */
export async function requireReadLogReader(auth: AuthContext, userId: string): Promise<void> {
  const target = await loadTargetUser(userId);
  if (!canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
  if (auth.isSuperadmin) return;
  if (!conferenceChains(target.permissions).some((ancestorIds) => auth.ability.can('update', scoped('Conference', { ancestorIds })))) throw new ForbiddenError();
}

const CONFERENCE_DEPTH = LOCATION_KINDS.indexOf('Conference');

/**
 * The chains of the person's conferences (each cut at its conference): the check is on the
 * conference itself, so a district admin, whose power lies at a district of it, does not pass.
 */
function conferenceChains(permissions: ReadonlyArray<{ ancestorIds: string[]; active: boolean; denial: boolean }>): string[][] {
  return grants(permissions)
    .filter((permission) => permission.ancestorIds.length > CONFERENCE_DEPTH)
    .map((permission) => permission.ancestorIds.slice(0, CONFERENCE_DEPTH + 1));
}
