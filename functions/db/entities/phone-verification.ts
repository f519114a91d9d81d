import { Entity } from 'electrodb';
import { SERVICE, createdAt, ttl, version } from './attributes';

/**
 * A code sent by SMS to confirm a phone number (SPEC.md section 4), keyed by the number
 * (E.164), because the reply arrives from the number and names nothing else. One code per
 * number: a new request replaces it. Only a hash of the code is kept; it expires
 * (`expiresAt`, and TTL removes the item) and allows MAX_CODE_ATTEMPTS wrong replies.
 */
export const phoneVerification = new Entity({
  model: { entity: 'phoneVerification', version: '1', service: SERVICE },
  attributes: {
    phone: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true },
    /** The user's phone number as stored when the code was sent: verifying needs it unchanged. */
    userPhone: { type: 'string', required: true },
    codeHash: { type: 'string', required: true },
    /** Epoch milliseconds. */
    expiresAt: { type: 'number', required: true },
    attempts: { type: 'number', required: true, default: 0 },
    createdAt,
    ttl,
    version,
  },
  indexes: {
    byPhone: {
      pk: { field: 'pk', composite: ['phone'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

/**
 * Codes sent to one number on one UTC day: the cap on SMS cost (SPEC.md section 5 issue
 * note: SMS costs the conference money). Moved in the same transaction as the code and its
 * outbox item, conditioned on staying under the cap; TTL removes it after the day.
 */
export const smsSendCount = new Entity({
  model: { entity: 'smsSendCount', version: '1', service: SERVICE },
  attributes: {
    phone: { type: 'string', required: true, readOnly: true },
    day: { type: 'string', required: true, readOnly: true },
    count: { type: 'number', required: true, default: 0 },
    ttl,
  },
  indexes: {
    byPhoneDay: {
      pk: { field: 'pk', composite: ['phone', 'day'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
