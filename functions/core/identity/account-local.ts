import { db } from '../../db/service';
import { newId } from '../../db/ids';
import { config } from '../../lib/config';
import type { OutboxPayloadInput } from '../outbox/outbox-payloads';
import { INVITATION_DAYS, moveLocalAccount, openLocalInvitation } from './local-accounts';
import type { AccountPort, Invitee } from './account-port';

/** The local provider's set-password page (bin/local/oidc.ts mounts the provider at `/oidc` on the app's origin). */
export function invitationLink(email: string, token: string): string {
  const link = new URL(`${config.appUrl}/oidc/invitation`);
  link.searchParams.set('email', email);
  link.searchParams.set('token', token);
  return link.toString();
}

function invitationEmail(invitee: Invitee, link: string): OutboxPayloadInput<'email'> {
  return {
    to: invitee.email,
    subject: 'Your Formation Tracks invitation',
    content: {
      greeting: `Hello ${invitee.firstName},`,
      paragraphs: ['You have been invited to Formation Tracks.'],
      action: { label: 'Set your password', url: link },
      note: `The link works for ${INVITATION_DAYS} days.`,
    },
    userId: invitee.userId,
    purpose: 'account',
  };
}

/**
 * The local provider (bin/local/oidc.ts) signs in against the app's own table: sign-in and
 * every request already refuse an inactive user (session/sign-in.ts, resolve-session.ts), so
 * there is nothing more to disable. An invitation opens a set-password token on the local
 * account and mails the link through the outbox (the local mail viewer shows it).
 */
export const localAccounts: AccountPort = {
  async invite(invitee) {
    const token = await openLocalInvitation(invitee);
    await db().entities.outbox.create({ outboxId: newId(), kind: 'email', payload: invitationEmail(invitee, invitationLink(invitee.email, token)) }).go();
  },
  changeEmail: (account, email) => moveLocalAccount(account.email, email),
  disable: async () => undefined,
  enable: async () => undefined,
};
