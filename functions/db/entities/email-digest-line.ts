import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

/**
 * One event waiting for a digest-mode user's daily email (functions/events/outbox-digest.ts).
 * Main key: the user's partition, `lineId` derived from the source outbox item (a repeated
 * delivery lands on the same line). gsi1 `byDue`: every waiting line across users by the
 * time its digest is due, so the sweep finds due digests with one Query (never a Scan).
 * The digest's transaction deletes the lines it lists.
 */
export const emailDigestLine = new Entity({
  model: { entity: 'emailDigestLine', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    lineId: { type: 'string', required: true, readOnly: true },
    text: { type: 'string', required: true },
    /** A path of the app (`/step/...`); the email makes it absolute. */
    link: { type: 'string' },
    /** An escalation's own list (its overdue steps, each with its link): the digest lists them under the line. */
    items: { type: 'list', items: { type: 'map', properties: { text: { type: 'string', required: true }, link: { type: 'string', required: true } } } },
    /** Epoch ms: the next digest hour in the user's time zone after the event. */
    dueAt: { type: 'number', required: true },
    createdAt,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['lineId'] },
    },
    byDue: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['dueAt', 'userId', 'lineId'] },
    },
  },
});

/**
 * The notification SMS a user was sent on one day (local to their conference's time zone): the outbox ids, so counting is
 * idempotent (a retried item is already in the set) and the daily cap holds
 * (functions/events/outbox-sms-policy.ts). TTL removes it after the day.
 */
export const notificationSmsDay = new Entity({
  model: { entity: 'notificationSmsDay', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    day: { type: 'string', required: true, readOnly: true },
    outboxIds: { type: 'set', items: 'string' },
    ttl: { type: 'number' },
  },
  indexes: {
    byUserDay: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['day'] },
    },
  },
});
