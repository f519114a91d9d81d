import { Entity } from 'electrodb';
import { SERVICE, createdAt, ttl } from './attributes';

/**
 * A signed-in browser. Kept in the user's aggregate so the cookie `<userId>.<sessionId>`
 * resolves with the same Query that loads the user. Deleting the user's sessions ends
 * them at once; TTL removes expired and idle ones (readers still check both).
 */
export const session = new Entity({
  model: { entity: 'session', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    sessionId: { type: 'string', required: true, readOnly: true },
    createdAt,
    expiresAt: { type: 'string', required: true },
    /** Last use, refreshed at most every few minutes (idle timeout, functions/core/session). */
    lastSeenAt: { type: 'string' },
    ttl: { ...ttl, required: true },
    /** This sign-in proved a second factor (an authenticator app code), or set one up since (functions/core/mfa). */
    secondFactor: { type: 'boolean' },
    /**
     * The provider's access token, sealed (functions/core/session/sealed.ts), kept only while this
     * session may still set up an authenticator app: Cognito's setup calls take the user's own token.
     */
    sealedAccessToken: { type: 'string' },
  },
  indexes: {
    byUser: {
      collection: ['userProfile', 'userAggregate'],
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['sessionId'] },
    },
  },
});
