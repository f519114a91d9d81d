import { Entity } from 'electrodb';
import { SERVICE, createdAt, ttl } from './attributes';

export const OUTBOX_KINDS = ['email', 'sms', 'notification'] as const;
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * A side effect to perform outside the table (email, SMS, notification fan-out). Written
 * in the same transaction as the business write; the worker picks it up from the table's
 * stream, sends it, and marks it sent with a condition on `status = pending`, so a
 * redelivered stream record never sends twice. gsi1 `byStatus`: a sweeper can retry
 * pending items oldest first. TTL removes handled items after a retention period.
 */
export const outbox = new Entity({
  model: { entity: 'outbox', version: '1', service: SERVICE },
  attributes: {
    outboxId: { type: 'string', required: true, readOnly: true },
    kind: { type: OUTBOX_KINDS, required: true, readOnly: true },
    payload: { type: 'any', required: true },
    status: { type: OUTBOX_STATUSES, required: true, default: 'pending' },
    attempts: { type: 'number', required: true, default: 0 },
    lastError: { type: 'string' },
    sentAt: { type: 'string' },
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
