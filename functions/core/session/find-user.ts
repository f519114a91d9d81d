import type { EntityItem } from 'electrodb';
import { db } from '../../db/service';
import { isConditionFailure } from '../../db/versioned';
import type { user as userEntity } from '../../db/entities/user';
import type { SignedInIdentity } from '../identity/oidc-client';

type User = EntityItem<typeof userEntity>;

/** Why a signed-in identity gets no user (recorded with the failed sign-in). */
export type UnlinkedReason = 'not-linked' | 'email-unverified' | 'bound-to-other';

/**
 * The user a provider identity signs in as. Users are bound to the provider's subject
 * (`cognitoUsername`). An unbound user is matched by email only on a first sign-in whose
 * email the provider verified, and is then bound to that subject for good: an account
 * someone else opens at the provider with the same, unverified or later changed, email
 * never reaches it.
 */
export async function findUserForIdentity(identity: Pick<SignedInIdentity, 'subject' | 'email' | 'emailVerified'>): Promise<{ user: User } | { refused: UnlinkedReason }> {
  const bound = await db().entities.user.query.bySubject({ cognitoUsername: identity.subject }).go({ limit: 1 });
  if (bound.data[0]) return { user: bound.data[0] };

  const { data } = await db().entities.user.query.byEmail({ email: identity.email.trim().toLowerCase() }).go({ limit: 1 });
  const byEmail = data[0];
  if (!byEmail) return { refused: 'not-linked' };
  // The subject index is eventually consistent: a binding made a moment ago shows here first.
  if (byEmail.cognitoUsername === identity.subject) return { user: byEmail };
  if (byEmail.cognitoUsername) return { refused: 'bound-to-other' };
  if (!identity.emailVerified) return { refused: 'email-unverified' };
  return bindSubject(byEmail, identity.subject);
}

async function bindSubject(user: User, subject: string): Promise<{ user: User } | { refused: UnlinkedReason }> {
  try {
    const { data } = await db()
      .entities.user.patch({ userId: user.userId })
      .set({ cognitoUsername: subject })
      .add({ version: 1 })
      .where((attributes, operations) => operations.notExists(attributes.cognitoUsername))
      .go({ response: 'all_new' });
    return { user: data as User };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Bound meanwhile: by this same subject (two tabs) is fine, by another is not.
    const { data: current } = await db().entities.user.get({ userId: user.userId }).go({ consistent: true });
    return current?.cognitoUsername === subject ? { user: current } : { refused: 'bound-to-other' };
  }
}
