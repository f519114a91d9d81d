import { Entity } from 'electrodb';
import { SERVICE, createdAt, ttl } from './attributes';

/** One sign-in in progress (OAuth state, PKCE verifier, nonce). Read once by state, then deleted; TTL 10 minutes. */
export const loginAttempt = new Entity({
  model: { entity: 'loginAttempt', version: '1', service: SERVICE },
  attributes: {
    state: { type: 'string', required: true, readOnly: true },
    codeVerifier: { type: 'string', required: true },
    nonce: { type: 'string', required: true },
    redirectUri: { type: 'string', required: true },
    createdAt,
    ttl: { ...ttl, required: true },
  },
  indexes: {
    byState: {
      pk: { field: 'pk', composite: ['state'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
