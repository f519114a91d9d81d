import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

/**
 * One notification in a user's inbox (the user's partition, collection `inbox`, kept
 * out of the per-request aggregate). Ids are ULIDs, so key order is time order.
 * Read and unread changes go through ../access/notifications.ts, which keeps the
 * inbox counter right in the same transaction.
 */
export const notification = new Entity({
  model: { entity: 'notification', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    notificationId: { type: 'string', required: true, readOnly: true },
    message: { type: 'string', required: true },
    link: { type: 'string' },
    /** A digest's own list (an escalation's overdue steps, each with its link): the bell entry expands to show it. */
    items: { type: 'list', items: { type: 'map', properties: { text: { type: 'string', required: true }, link: { type: 'string', required: true } } } },
    isRead: { type: 'boolean', required: true, default: false },
    createdAt,
  },
  indexes: {
    byUser: {
      collection: 'inbox',
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['notificationId'] },
    },
  },
});
