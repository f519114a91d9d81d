import { Entity } from 'electrodb';
import { SERVICE, createdAt, ttl } from './attributes';

export const OUTBOX_KINDS = ['email', 'sms', 'notification', 'removeObject', 'releaseFile', 'interviewReminder'] as const;
export const OUTBOX_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;

/**
 * A side effect to perform outside the table (email, SMS, notification fan-out, removing a
 * stored file's object). Written
 * in the same transaction as the business write; the worker (functions/events/outbox-delivery.ts)
 * picks it up from the table's stream or the scheduled sweep, claims it with a lease,
 * sends it and marks it handled. gsi1 `byStatus`: the sweep reads pending items oldest
 * first. `ttl` is set once handled, so DynamoDB removes the item after a retention period.
 */
export const outbox = new Entity({
  model: { entity: 'outbox', version: '1', service: SERVICE },
  attributes: {
    outboxId: { type: 'string', required: true, readOnly: true },
    kind: { type: OUTBOX_KINDS, required: true, readOnly: true },
    payload: { type: 'any', required: true },
    status: { type: OUTBOX_STATUSES, required: true, default: 'pending' },
    /** Claims so far (each delivery try claims first); at MAX_ATTEMPTS the item fails. */
    attempts: { type: 'number', required: true, default: 0 },
    /** Who holds the lease and until when (epoch ms); an expired lease may be taken over. */
    leaseOwner: { type: 'string' },
    leaseUntil: { type: 'number' },
    /** Set right before an email or SMS goes to the provider, cleared when the provider refuses it. */
    handedOffAt: { type: 'string' },
    /** Epoch ms before which the item is not delivered (an SMS held through quiet hours); its id sorts at that time too. */
    notBefore: { type: 'number' },
    lastError: { type: 'string' },
    /** Why a `skipped` item was not sent (opted out, suppressed address). */
    skipReason: { type: 'string' },
    sentAt: { type: 'string' },
    /** The provider's id of the sent email or SMS, or the notification's id. */
    providerMessageId: { type: 'string' },
    createdAt,
    ttl,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['outboxId'] },
      sk: { field: 'sk', composite: [] },
    },
    byStatus: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['status'] },
      sk: { field: 'gsi1sk', composite: ['outboxId'] },
    },
  },
});
