import { db } from '../db/service';
import { isAddressSuppressed } from '../core/outbox/address-suppression';
import type { OutboxPayload } from '../core/outbox/outbox-payloads';
import { takeSmsSlot } from './outbox-sms-policy';

/**
 * Consent and suppression, checked when a message is about to go out (not when it was
 * written): someone who opts out or bounces in between is respected. Returns why the
 * message must not be sent, or undefined to send it.
 */
type User = NonNullable<Awaited<ReturnType<typeof readUser>>>;

async function readUser(userId: string) {
  return (await db().entities.user.get({ userId }).go()).data;
}

/** The user who owns `address` (its email claim), if any. */
async function addressOwner(address: string): Promise<User | null> {
  const { data: claim } = await db().entities.userEmail.get({ email: address.trim().toLowerCase() }).go();
  return claim ? readUser(claim.userId) : null;
}

export async function emailBlockedReason(email: OutboxPayload<'email'>): Promise<string | undefined> {
  if (await isAddressSuppressed(email.to)) return 'the address is suppressed (bounce or complaint)';
  if (email.purpose === 'account') return undefined;
  const owner = await addressOwner(email.to);
  const recipient = email.userId && email.userId !== owner?.userId ? await readUser(email.userId) : owner;
  if (recipient?.emailNotificationsOptIn === false) return 'the recipient turned email notifications off';
  return undefined;
}

/** Consent (opt-in, a verified number) and then the daily cap, which counts the SMS. */
export async function smsBlockedReason(sms: OutboxPayload<'sms'>, outboxId: string, now: number): Promise<string | undefined> {
  if (sms.purpose === 'account') return undefined;
  const recipient = sms.userId ? await readUser(sms.userId) : null;
  if (!recipient?.smsOptIn) return 'the recipient has not opted in to SMS';
  if (!recipient.isPhoneNumberVerified || recipient.phoneNumber !== sms.to) return 'the number is not the recipient\'s verified number';
  return takeSmsSlot(recipient.userId, outboxId, now, sms.timeZone);
}
