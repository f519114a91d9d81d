import { scoped } from '../../../shared/auth/ability';
import { grants } from '../../../shared/auth/permissions';
import { MANAGE_ALL_FIELDS, type ProfileDetails, type ProfileDetailsInput } from '../../../shared/schemas/user-profile';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { projectOrWait } from '../../db/directory-projection';
import { updateVersioned } from '../../db/versioned';
import { db } from '../../db/service';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { canSeeTarget, loadTargetUser, userScope } from '../permissions/target-user';
import type { AuthContext } from '../session/resolve-session';
import { projectUser } from '../users/user-projector';

type UserItem = UserAggregate['user'];

/** Manage-all callers (SPEC.md section 6) see and change Salesforce ID and PID, and see the missing-conference warning. */
export const managesAll = (auth: AuthContext) => auth.ability.can('manage', 'all');

/** One's own details, or those of a user the caller may update where the user is. */
export function mayEditProfile(auth: AuthContext, target: UserAggregate): boolean {
  return canSeeTarget(auth, target) && auth.ability.can('update', scoped('User', { id: target.user.userId, ...userScope(target) }));
}

/** A location chain reaches a conference when it is at least jurisdiction > episcopal area > conference long. */
const CONFERENCE_DEPTH = 3;

export function profileDetailsOf(auth: AuthContext, target: UserAggregate): ProfileDetails {
  const { user } = target;
  const manageAll = managesAll(auth);
  return {
    id: user.userId,
    title: user.title,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    suffix: user.suffix,
    gender: user.gender,
    dateOfBirth: user.dateOfBirth,
    ethnicBackground: user.ethnicBackground,
    primaryLanguage: user.primaryLanguage,
    email: user.email,
    secondEmail: user.secondEmail,
    phoneNumber: user.phoneNumber,
    secondPhoneNumber: user.secondPhoneNumber,
    isPhoneNumberVerified: Boolean(user.isPhoneNumberVerified),
    smsOptIn: Boolean(user.smsOptIn),
    emailNotificationsOptIn: user.emailNotificationsOptIn !== false,
    gcfaId: user.gcfaId,
    umcaresId: user.umcaresId,
    address: { ...user.address },
    ...(manageAll ? { salesforceId: user.salesforceId, pid: user.pid } : {}),
    version: user.version,
    canEdit: mayEditProfile(auth, target),
    canManageAll: manageAll,
    missingConference: manageAll && !grants(target.permissions).some((permission) => permission.ancestorIds.length >= CONFERENCE_DEPTH),
  };
}

/** The details card's read: a user the caller cannot see is a 404, exactly like one that does not exist. */
export async function profileDetails(auth: AuthContext, userId: string): Promise<ProfileDetails> {
  const target = await loadTargetUser(userId);
  if (!canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
  return profileDetailsOf(auth, target);
}

/**
 * Saves the details card, conditioned on the version the caller read (stale: 409). Empty
 * texts clear a field. A new phone number is not verified; SMS opt-in can be turned on only
 * while the (unchanged) number is verified (SPEC.md section 5).
 */
export async function updateProfileDetails(auth: AuthContext, userId: string, input: ProfileDetailsInput & { version: number }): Promise<ProfileDetails> {
  const target = await loadTargetUser(userId);
  if (!canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
  if (!mayEditProfile(auth, target)) throw new ForbiddenError();
  const { version, ...fields } = input;
  if (!managesAll(auth) && MANAGE_ALL_FIELDS.some((field) => fields[field] !== undefined)) throw new ForbiddenError('Only users who manage everything change the Salesforce ID or PID.');

  const changes = changesOf(target.user, fields);
  const { set, remove } = splitClears(changes);
  const renamed = ['firstName', 'lastName', 'middleName'].some((field) => field in changes);
  await updateDetails(userId, version, set, remove);
  if (renamed) await projectOrWait(() => projectUser(userId), 'request').catch((error) => log('warn', 'user projection deferred to the stream', { userId, error: String(error) }));
  return profileDetailsOf(auth, await loadTargetUser(userId));
}

/** The fields that differ from the stored user, with the phone and SMS rules applied. */
function changesOf(user: UserItem, fields: ProfileDetailsInput): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined || field === 'address') continue;
    if (value !== ((user as Record<string, unknown>)[field] ?? (typeof value === 'string' ? '' : undefined))) changes[field] = value;
  }
  if (fields.address) {
    const address = Object.fromEntries(Object.entries({ ...user.address, ...fields.address }).filter(([, value]) => value));
    if (JSON.stringify(address) !== JSON.stringify(Object.fromEntries(Object.entries(user.address ?? {}).filter(([, value]) => value)))) changes.address = address;
  }
  const phoneChanged = 'phoneNumber' in changes;
  if (phoneChanged) changes.isPhoneNumberVerified = false;
  const verified = Boolean(user.isPhoneNumberVerified) && !phoneChanged;
  if (changes.smsOptIn === true && !user.smsOptIn && !verified) throw new ForbiddenError('SMS opt-in needs a verified phone number.');
  if (phoneChanged && !verified && user.smsOptIn && changes.smsOptIn === undefined) changes.smsOptIn = false;
  return changes;
}

function splitClears(changes: Record<string, unknown>): { set: Record<string, unknown>; remove: string[] } {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [field, value] of Object.entries(changes)) {
    if (value === '') remove.push(field);
    else set[field] = value;
  }
  return { set, remove };
}

async function updateDetails(userId: string, version: number, set: Record<string, unknown>, remove: string[]): Promise<void> {
  if ((await updateVersioned(db().entities.user, { userId }, version, set as never, remove)) === null) throw new NotFoundError('User not found.');
}
