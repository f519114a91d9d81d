import { Entity } from 'electrodb';
import { SERVICE, timestamps } from './attributes';

/**
 * A password for the embedded OpenID provider (local runtime only; AWS uses Cognito).
 * Keyed by the lower-cased email, which is what people type to sign in.
 */
export const localAccount = new Entity({
  model: { entity: 'localAccount', version: '1', service: SERVICE },
  attributes: {
    email: { type: 'string', required: true, readOnly: true, set: (value?: string) => value?.trim().toLowerCase() },
    userId: { type: 'string', required: true },
    /** `scrypt$N$r$p$<salt>$<hash>` (see functions/core/identity/local-accounts.ts). */
    passwordHash: { type: 'string', required: true },
    /** A confirmed authenticator app (base32 TOTP secret): the local sign-in then asks for its code, as Cognito does. */
    totpSecret: { type: 'string' },
    /** A secret handed out by a setup not yet confirmed with a code. */
    pendingTotpSecret: { type: 'string' },
    /** SHA-256 of the open invitation's token (the set-password link), and when it stops working (epoch ms). */
    invitationHash: { type: 'string' },
    invitationExpiresAt: { type: 'number' },
    ...timestamps,
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['email'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
