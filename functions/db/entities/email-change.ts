import { Entity } from 'electrodb';
import { SERVICE, createdAt, ttl } from './attributes';

/**
 * An open email change (SPEC.md section 2, email verification): the confirmation link's
 * token, kept only as its SHA-256 (the key), so the link is the one way in. Single use (the
 * confirmation deletes it in its transaction), expiring (`expiresAt`; TTL removes it), and
 * only good while the user's `pendingEmail` is still this address.
 */
export const emailChange = new Entity({
  model: { entity: 'emailChange', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true, set: (value?: string) => value?.trim().toLowerCase() },
    /** Epoch milliseconds. */
    expiresAt: { type: 'number', required: true },
    createdAt,
    ttl,
  },
  indexes: {
    byToken: {
      pk: { field: 'pk', composite: ['tokenHash'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
