import { scoped } from '../../../shared/auth/ability';
import { grants } from '../../../shared/auth/permissions';
import { MANAGE_ALL_FIELDS, type ProfileDetails, type ProfileDetailsInput } from '../../../shared/schemas/user-profile';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { projectOrWait } from '../../db/directory-projection';
import { ifVersion } from '../../db/versioned';
import { transact, type TransactionItem } from '../../db/transact';
import { nameCopiesJob } from './name-copies';
import { cancelEmailChangeWrites, emailChangeWrites } from './email-change';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { addressSuppression } from '../outbox/address-suppression';
import { log } from '../../lib/log';
import { canSeeTarget, loadTargetUser, userScope } from '../users/target-user';
import type { AuthContext } from '../session/resolve-session';
import { projectUser } from '../users/user-projector';
import { personEntry } from '../records/audit-records';
import { recordChanges } from '../records/audit-write';

type UserItem = UserAggregate['user'];

/** Manage-all callers (SPEC.md section 6) see and change Salesforce ID and PID, and see the missing-conference warning. */
export const managesAll = (auth: AuthContext) => auth.ability.can('manage', 'all');

/** One's own details, or those of a user the caller may update where the user is. */
export function mayEditProfile(auth: AuthContext, target: UserAggregate): boolean {
  return canSeeTarget(auth, target) && auth.ability.can('update', scoped('User', { id: target.user.userId, ...userScope(target) }));
}

/** A location chain reaches a conference when it is at least jurisdiction > episcopal area > conference long. */
const CONFERENCE_DEPTH = 3;

export function profileDetailsOf(auth: AuthContext, target: UserAggregate, suppression: { reason: 'bounce' | 'complaint'; createdAt: string } | null = null): ProfileDetails {
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
    pendingEmail: user.pendingEmail,
    emailSuppressed: Boolean(suppression),
    ...(suppression ? { emailSuppression: { reason: suppression.reason, since: suppression.createdAt } } : {}),
    secondEmail: user.secondEmail,
    phoneNumber: user.phoneNumber,
    secondPhoneNumber: user.secondPhoneNumber,
    isPhoneNumberVerified: Boolean(user.isPhoneNumberVerified),
    smsOptIn: Boolean(user.smsOptIn),
    emailNotificationsOptIn: user.emailNotificationsOptIn !== false,
    emailDigest: Boolean(user.emailDigest),
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
  return withSuppression(auth, target);
}

/** The details with whether (and why, since when) email to the user's address is suppressed. */
async function withSuppression(auth: AuthContext, target: UserAggregate): Promise<ProfileDetails> {
  return profileDetailsOf(auth, target, await addressSuppression(target.user.email));
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

  const { email, ...others } = fields;
  const changes = changesOf(target.user, others);
  const emailChange = emailChangeOf(target, email);
  const { set, remove } = splitClears({ ...changes, ...emailChange.set });
  const renamed = ['firstName', 'lastName', 'middleName'].some((field) => field in changes);
  const audited = profileChanges(target.user, { ...changes, ...emailChange.set }, emailChange.remove);
  const alongside = [
    ...(renamed ? [nameCopiesJob(userId, version + 1).write] : []),
    ...emailChange.writes,
    ...(audited.length ? [personEntry(auth, target, 'user.profile.updated', 'profile', audited)] : []),
  ];
  await updateWith(userId, version, set, [...remove, ...emailChange.remove], alongside);
  if (renamed) await projectOrWait(() => projectUser(userId), 'request').catch((error) => log('warn', 'user projection deferred to the stream', { userId, error: String(error) }));
  return withSuppression(auth, await loadTargetUser(userId));
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

/**
 * An email different from the current one starts a change (./email-change.ts: claim, link);
 * the current one again cancels a pending change. Either way `email` itself changes only
 * when the link is followed.
 */
function emailChangeOf(target: UserAggregate, email: string | undefined): { set: Record<string, unknown>; remove: string[]; writes: TransactionItem[] } {
  const none = { set: {}, remove: [], writes: [] };
  if (email === undefined) return none;
  const wanted = email.trim().toLowerCase();
  if (wanted === target.user.email) return target.user.pendingEmail ? { set: {}, remove: ['pendingEmail'], writes: cancelEmailChangeWrites(target) } : none;
  const change = emailChangeWrites(target, wanted);
  return { set: change.set, remove: [], writes: change.writes };
}

/**
 * The details and what must happen with them in one transaction: the job that refreshes
 * every copy of a new name elsewhere (functions/core/jobs/name-copies-job.ts), the writes of
 * an email change.
 */
async function updateWith(userId: string, version: number, set: Record<string, unknown>, remove: string[], alongside: TransactionItem[]): Promise<void> {
  await transact([
    (tx) => {
      const patch = tx.user.patch({ userId }).set(set as never);
      return (remove.length ? patch.remove(remove as never) : patch).add({ version: 1 }).where(ifVersion(version)).commit();
    },
    ...alongside,
  ]);
}

/** Personal data whose values never go into the audit trail: only that they changed. */
const PRIVATE_PROFILE_FIELDS = ['dateOfBirth', 'gender', 'ethnicBackground', 'address'];

/** What the save changes, for the History: the fields it sets or clears, before and after (private ones only as changed). */
function profileChanges(user: UserItem, changes: Record<string, unknown>, cleared: string[]) {
  const after = { ...user, ...changes, ...Object.fromEntries(cleared.map((field) => [field, undefined])) } as Record<string, unknown>;
  return recordChanges(user as Record<string, unknown>, after, [...Object.keys(changes), ...cleared], PRIVATE_PROFILE_FIELDS);
}
