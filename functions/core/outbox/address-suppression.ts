import { db } from '../../db/service';

/** The bounce or complaint that stopped email to `address` (the profile shows which and when), or null. */
export async function addressSuppression(address: string): Promise<{ reason: 'bounce' | 'complaint'; createdAt: string } | null> {
  const { data } = await db().entities.emailSuppression.get({ email: address.trim().toLowerCase() }).go();
  return data;
}

/**
 * True when email to `address` must stop: a bounce or complaint left an emailSuppression
 * item for it (ARCHITECTURE.md section 8), whoever owns the address.
 */
export async function isAddressSuppressed(address: string): Promise<boolean> {
  return Boolean(await addressSuppression(address));
}
