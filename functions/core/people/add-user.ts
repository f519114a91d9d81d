import type { AddUserInput } from '../../../shared/api/admin';
import { EMAIL_IN_USE } from '../../../shared/api/admin';
import { scoped } from '../../../shared/auth/ability';
import { denials } from '../../../shared/auth/permissions';
import type { UserView } from '../../../shared/schemas/user';
import { projectOrWait } from '../../db/directory-projection';
import { newId } from '../../db/ids';
import { transact } from '../../db/transact';
import { db } from '../../db/service';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { log } from '../../lib/log';
import { accountPort } from '../identity/accounts';
import { getLocationOfKind } from '../locations/location-store';
import type { AuthContext } from '../session/resolve-session';
import { userViewOf } from '../users/current-user';
import { projectUser } from '../users/user-projector';

/**
 * Add User (SPEC.md section 2): the user, their email claim (entities/user-email.ts: a taken
 * email fails the transaction, never a prior read) and their primary permission on the chosen
 * district (or conference) in one transaction; then the identity provider invites them and
 * their directory entries are projected. An invitation that fails after the commit leaves a
 * user who is listed and can be reinvited.
 */
export async function addUser(auth: AuthContext, input: AddUserInput): Promise<UserView> {
  const location = await addableLocation(auth, input);
  const userId = newId();
  const email = input.email.trim().toLowerCase();
  const person = { userId, firstName: input.firstName, lastName: input.lastName, email };
  await transact([
    (tx) => tx.user.create(person).commit(),
    {
      write: (tx) => tx.userEmail.create({ email, userId }).commit(),
      onConditionFailed: () => new ValidationError({ email: [EMAIL_IN_USE] }, EMAIL_IN_USE),
    },
    (tx) =>
      tx.permission
        .create({ userId, permissionId: newId(), entity: location.kind as 'Conference' | 'District', entityId: location.locationId, ancestorIds: location.ancestorIds, primary: true })
        .commit(),
  ]);
  await accountPort().invite(person, { again: false });
  await projectOrWait(() => projectUser(userId), 'request').catch((error) => log('warn', 'user projection deferred to the stream', { userId, error: String(error) }));
  const { data: created } = await db().entities.user.get({ userId }).go({ consistent: true });
  if (!created) throw new Error('The added user was not found');
  return userViewOf(created, []);
}

/** The district (or, without one, the conference) chosen, when the caller may add users there; a district must lie in the chosen conference. */
async function addableLocation(auth: AuthContext, input: AddUserInput) {
  const [field, kind] = input.districtLocation ? (['districtLocation', 'District'] as const) : (['conferenceLocation', 'Conference'] as const);
  const location = await getLocationOfKind((input.districtLocation ?? input.conferenceLocation)!, kind);
  if (!location || !location.active) throw new ValidationError({ [field]: ['Location is required'] });
  if (input.districtLocation && input.conferenceLocation && !location.ancestorIds.includes(input.conferenceLocation)) {
    throw new ValidationError({ districtLocation: ['The district is not in the chosen conference.'] });
  }
  const denied = denials(auth.permissions).some((denial) => location.ancestorIds.includes(denial.entityId));
  if (denied || !auth.ability.can('create', scoped('User', { ancestorIds: location.ancestorIds }))) throw new ForbiddenError();
  return location;
}
