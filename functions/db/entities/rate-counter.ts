import { Entity } from 'electrodb';
import { SERVICE, ttl } from './attributes';

/**
 * Requests one caller made to the routes of one rate limit in one fixed window
 * (shared/api/rate-limits.ts; functions/lib/http/rate-limit.ts). Only ever moved by one
 * UpdateItem (ADD count 1) that returns the new count: never read, queried or scanned.
 * A new window is a new item; TTL removes the old ones.
 */
export const rateCounter = new Entity({
  model: { entity: 'rateCounter', version: '1', service: SERVICE },
  attributes: {
    /** The limit's name in RATE_LIMITS. */
    limitName: { type: 'string', required: true, readOnly: true },
    /** `user#<userId>` or `ip#<address>` (an IPv6 address by its /64). */
    caller: { type: 'string', required: true, readOnly: true },
    /** Epoch seconds, a multiple of the limit's window. */
    windowStart: { type: 'number', required: true, readOnly: true },
    count: { type: 'number' },
    ttl,
  },
  indexes: {
    byCallerWindow: {
      pk: { field: 'pk', composite: ['limitName', 'caller'] },
      sk: { field: 'sk', composite: ['windowStart'] },
    },
  },
});
