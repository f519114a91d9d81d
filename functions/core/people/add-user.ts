import { scoped } from '../../../shared/auth/ability';
import { denials } from '../../../shared/auth/permissions';
import { EMAIL_IN_USE, type AddUserInput, type UserView } from '../../../shared/schemas/user';
import { projectOrWait } from '../../db/directory-projection';
import { newId } from '../../db/ids';
import { transact, type TransactionItem } from '../../db/transact';
import { db } from '../../db/service';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { log } from '../../lib/log';
import { accountPort } from '../identity/accounts';
import { getLocationOfKind } from '../../db/access/location-store';
import type { AuthContext } from '../session/resolve-session';
import { userViewOf } from '../users/current-user';
import { projectUser } from '../users/user-projector';
import { auditActorOf, auditEntryWrite, auditScopeOf, fieldChange } from '../records/audit-write';

/**
 * Add User (SPEC.md section 2): the user, their email claim (entities/user-email.ts: a taken
 * email fails the transaction, never a prior read) and their primary permission on the chosen
 * district (or conference) in one transaction; then the identity provider invites them and
 * their directory entries are projected. An invitation that fails after the commit leaves a
 * user who is listed and can be reinvited.
 */
export async function addUser(auth: AuthContext, input: AddUserInput): Promise<UserView> {
  return (await addUsers(auth, [input], (field) => field))[0]!;
}

/**
 * Add User for several people at once (POST /user/bulk, at most BULK_MAX): every location is
 * checked first and all the users, claims and permissions commit in one transaction (3 items
 * each), so a refused location or a taken email adds nobody; `fieldOf` names the failing item.
 */
export async function addUsers(auth: AuthContext, inputs: AddUserInput[], fieldOf = (field: string, index: number) => `${index}.${field}`, options: AddUsersOptions = {}): Promise<UserView[]> {
  const emails = inputs.map((input) => input.email.trim().toLowerCase());
  const repeated = emails.findIndex((email, index) => emails.indexOf(email) !== index);
  if (repeated >= 0) throw new ValidationError({ [fieldOf('email', repeated)]: [EMAIL_IN_USE] }, EMAIL_IN_USE);
  const locations = await Promise.all(inputs.map((input, index) => addableLocation(auth, input, (field) => fieldOf(field, index))));
  const people = inputs.map((input, index) => ({
    userId: options.userIds?.[index] ?? newId(),
    firstName: input.firstName,
    lastName: input.lastName,
    email: emails[index]!,
    ...(options.phoneNumbers?.[index] ? { phoneNumber: options.phoneNumbers[index] } : {}),
  }));
  await transact(
    people.flatMap((person, index): TransactionItem[] => {
      const location = locations[index]!;
      const permission = { userId: person.userId, permissionId: newId(), entity: location.kind as 'Conference' | 'District', entityId: location.locationId, ancestorIds: location.ancestorIds, primary: true };
      // The new person's first History entry, at the one place they hold (as personRecord places a person).
      const created = auditEntryWrite({
        actor: auditActorOf(auth),
        chain: 'User',
        recordId: person.userId,
        subject: `${person.firstName} ${person.lastName}`,
        scopeIds: location.ancestorIds,
        auditScope: auditScopeOf(location.ancestorIds),
        action: 'user.created',
        kind: 'created',
        changes: [...fieldChange('email', undefined, person.email), ...fieldChange('location', undefined, `${location.name} (${location.kind})`)],
      });
      return [
        (tx) => tx.user.create(person).commit(),
        {
          write: (tx) => tx.userEmail.create({ email: person.email, userId: person.userId }).commit(),
          onConditionFailed: () => new ValidationError({ [fieldOf('email', index)]: [EMAIL_IN_USE] }, EMAIL_IN_USE),
        },
        (tx) => tx.permission.create(permission).commit(),
        created,
      ];
    }),
  );
  const created: UserView[] = [];
  for (const person of people) {
    if (options.invite !== false) await accountPort().invite(person, { again: false });
    await projectOrWait(() => projectUser(person.userId), 'request').catch((error) => log('warn', 'user projection deferred to the stream', { userId: person.userId, error: String(error) }));
    const { data: user } = await db().entities.user.get({ userId: person.userId }).go({ consistent: true });
    if (!user) throw new Error('The added user was not found');
    created.push(userViewOf(user, []));
  }
  return created;
}

/**
 * What an import adds to Add User (functions/core/imports): ids fixed by the caller (a repeated
 * job step finds its own user), phone numbers already checked, and no invitation unless asked.
 */
export interface AddUsersOptions {
  userIds?: string[];
  phoneNumbers?: Array<string | undefined>;
  invite?: boolean;
}

/** The district (or, without one, the conference) chosen, when the caller may add users there; a district must lie in the chosen conference. */
async function addableLocation(auth: AuthContext, input: AddUserInput, fieldOf: (field: string) => string) {
  const [field, kind] = input.districtLocation ? (['districtLocation', 'District'] as const) : (['conferenceLocation', 'Conference'] as const);
  const location = await getLocationOfKind((input.districtLocation ?? input.conferenceLocation)!, kind);
  if (!location || !location.active) throw new ValidationError({ [fieldOf(field)]: ['Location is required'] });
  if (input.districtLocation && input.conferenceLocation && !location.ancestorIds.includes(input.conferenceLocation)) {
    throw new ValidationError({ [fieldOf('districtLocation')]: ['The district is not in the chosen conference.'] });
  }
  const denied = denials(auth.permissions).some((denial) => location.ancestorIds.includes(denial.entityId));
  if (denied || !auth.ability.can('create', scoped('User', { ancestorIds: location.ancestorIds }))) throw new ForbiddenError();
  return location;
}
