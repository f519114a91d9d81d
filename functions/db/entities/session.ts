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
  },
  indexes: {
    byUser: {
      collection: ['userProfile', 'userAggregate'],
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['sessionId'] },
    },
  },
});
