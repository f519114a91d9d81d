import type { bulkSetRead, setRead } from '@shared/api/notification';
import { route } from '../../../lib/api/routes';
import { call } from '../../../lib/api/client';

export function markNotificationRead(notificationId: string) {
  return call(route<typeof setRead>('notification.setRead'), { params: { id: notificationId, isread: 'true' } });
}

export function markAllNotificationsRead(userId: string) {
  return call(route<typeof bulkSetRead>('notification.bulkSetRead'), { params: { userId, isread: 'true' } });
}
