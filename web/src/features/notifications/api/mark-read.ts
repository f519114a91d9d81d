import { routes } from '../../../lib/api/routes';
import { call } from '../../../lib/api/client';

export function markNotificationRead(notificationId: string) {
  return call(routes.notification.setRead, { params: { id: notificationId, isread: 'true' } });
}

export function markAllNotificationsRead(userId: string) {
  return call(routes.notification.bulkSetRead, { params: { userId, isread: 'true' } });
}
