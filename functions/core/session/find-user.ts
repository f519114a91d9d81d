import { db } from '../../db/service';
import type { SignedInIdentity } from '../identity/oidc-client';

/** The user a provider identity belongs to: matched by email (case-insensitive). */
export async function findUserForIdentity(identity: SignedInIdentity) {
  const { data } = await db().entities.user.query.byEmail({ email: identity.email.trim().toLowerCase() }).go({ limit: 1 });
  return data[0] ?? null;
}
