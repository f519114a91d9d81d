import * as z from 'zod';
import { systemRoleByName } from '../../shared/auth/system-roles';
import { EMAIL_IN_USE, addUserSchema } from '../../shared/schemas/user';
import { accountPort } from '../../functions/core/identity/accounts';
import { changeUserAccess } from '../../functions/core/users/user-access-change';
import { loadUserAggregate } from '../../functions/db/access/user-aggregate';
import { newId } from '../../functions/db/ids';
import { db } from '../../functions/db/service';
import { transact } from '../../functions/db/transact';
import { ValidationError } from '../../functions/lib/errors';

/**
 * The first superadmin: a user holding the Superadmin role, invited through the identity
 * adapter (Cognito's AdminCreateUser email in AWS; locally the set-password email in the mail
 * viewer). They sign in and create everyone else from the app. Matched by email, so a second
 * run finds them and changes nothing.
 */
export interface FirstSuperadmin {
  email: string;
  firstName: string;
  lastName: string;
}

export type SuperadminPlan =
  | { action: 'create' }
  /** The email belongs to a user without the role: they get it. */
  | { action: 'grant'; userId: string; signedIn: boolean }
  | { action: 'present'; userId: string; signedIn: boolean };

const SUPERADMIN = systemRoleByName('Superadmin');
/** Add User's fields without its location (a superadmin needs none). */
const personSchema = z.object({ email: addUserSchema.shape.email, firstName: addUserSchema.shape.firstName, lastName: addUserSchema.shape.lastName });

/**
 * `--email` and `--name` checked as Add User checks a person; the name's last word is the
 * last name ("Mary Ann Smith": first name "Mary Ann").
 */
export function readSuperadmin(email: string | undefined, name: string | undefined): { person?: FirstSuperadmin; errors: string[] } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { errors: [`--name: give a first and a last name, for example --name "Ada Lovelace"${name ? ` (got "${name}")` : ''}`] };
  const parsed = personSchema.safeParse({ email: email ?? '', firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) });
  if (!parsed.success) return { errors: [...new Set(parsed.error.issues.map((issue) => `--${issue.path[0] === 'email' ? 'email' : 'name'}: ${issue.message}`))] };
  const { email: address, firstName, lastName } = parsed.data;
  return { person: { email: address.toLowerCase(), firstName, lastName }, errors: [] };
}

/** What the run would do for this person; an error when the email cannot become the superadmin. */
export async function planSuperadmin(person: FirstSuperadmin): Promise<{ plan?: SuperadminPlan; error?: string }> {
  const { data: claim } = await db().entities.userEmail.get({ email: person.email }).go({ consistent: true });
  if (!claim) return { plan: { action: 'create' } };
  const target = await loadUserAggregate(claim.userId, { consistent: true });
  if (!target || target.user.email !== person.email) return { error: `--email: ${person.email} is being taken by another user's email change (user ${claim.userId}); choose another address` };
  if (target.user.inactive) return { error: `--email: ${person.email} belongs to a deactivated user (${target.user.userId}); reactivate them or choose another address` };
  const signedIn = Boolean(target.user.cognitoUsername);
  const holds = target.roles.some((role) => role.roleId === SUPERADMIN.id);
  return { plan: { action: holds ? 'present' : 'grant', userId: target.user.userId, signedIn } };
}

/** Carries the plan out; returns the user's id. `reinvite` sends a fresh invitation to one who never signed in. */
export async function applySuperadmin(person: FirstSuperadmin, plan: SuperadminPlan, options: { reinvite?: boolean } = {}): Promise<string> {
  if (plan.action === 'create') {
    const userId = newId();
    await transact([
      (tx) => tx.user.create({ userId, email: person.email, firstName: person.firstName, lastName: person.lastName }).commit(),
      { write: (tx) => tx.userEmail.create({ email: person.email, userId }).commit(), onConditionFailed: () => new ValidationError({ email: [EMAIL_IN_USE] }, `--email: ${EMAIL_IN_USE}`) },
    ]);
    await grantSuperadmin(userId);
    await invite(person, userId, false);
    return userId;
  }
  if (plan.action === 'grant') await grantSuperadmin(plan.userId);
  if (options.reinvite && !plan.signedIn) await invite(person, plan.userId, true);
  return plan.userId;
}

/** As Assign Role writes a role: the userRole item on the user's access version, then their directory entries. */
async function grantSuperadmin(userId: string): Promise<void> {
  await changeUserAccess(userId, (target) => {
    if (target.roles.some((role) => role.roleId === SUPERADMIN.id)) return { writes: [], result: undefined };
    const granted = { userId, roleId: SUPERADMIN.id, roleName: SUPERADMIN.name };
    return { writes: [(tx) => tx.userRole.create(granted).commit()], result: undefined };
  });
}

/**
 * The identity adapter's invitation. Again: Cognito resends to an account it has, and one it
 * lacks (its first invitation failed) is created as a first invitation would be.
 */
async function invite(person: FirstSuperadmin, userId: string, again: boolean): Promise<void> {
  const invitee = { userId, ...person };
  try {
    await accountPort().invite(invitee, { again });
  } catch (error) {
    if (!again || (error as Error).name !== 'UserNotFoundException') throw error;
    await accountPort().invite(invitee, { again: false });
  }
}
