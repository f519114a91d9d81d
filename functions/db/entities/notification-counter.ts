import { Entity } from 'electrodb';
import { SERVICE } from './attributes';

/**
 * The inbox's counts. Its sort key (`$inbox#notificationcounter_1`) sorts after every
 * notification (`$inbox#notification_1#...`), so a descending Query of the inbox returns
 * the counts first and then the newest notifications: the list route is one request.
 */
export const notificationCounter = new Entity({
  model: { entity: 'notificationCounter', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    unreadCount: { type: 'number', required: true, default: 0 },
    total: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byUser: {
      collection: 'inbox',
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
