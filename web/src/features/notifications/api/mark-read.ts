import { bulkSetRead, setRead } from '@shared/api/notification';
import { call } from '../../../lib/api/client';

export function markNotificationRead(notificationId: string) {
  return call(setRead, { params: { id: notificationId, isread: 'true' } });
}

export function markAllNotificationsRead(userId: string) {
  return call(bulkSetRead, { params: { userId, isread: 'true' } });
}
