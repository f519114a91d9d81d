import { inboxCounts, listNotifications, setAllNotificationsRead, setNotificationRead } from '../../db/access/notifications';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import type { NotificationView } from '../../../shared/api/notification';

function view(item: { notificationId: string; message: string; link?: string; items?: { text: string; link: string }[]; isRead?: boolean; createdAt: string }): NotificationView {
  return { notificationId: item.notificationId, message: item.message, link: item.link, ...(item.items?.length ? { items: item.items } : {}), isRead: Boolean(item.isRead), createdAt: item.createdAt };
}

export async function myNotifications(auth: AuthContext, page: { limit: number; offset: number }) {
  const { items, unreadCount, total } = await listNotifications(auth.userId, page);
  return { userNotifications: items.map(view), unreadCount, total };
}

/** The bell's poll: the caller's own counts. */
export async function myUnreadCount(auth: AuthContext) {
  return inboxCounts(auth.userId);
}

/** Notifications are keyed under their owner, so another user's id is simply not found. */
export async function markNotification(auth: AuthContext, notificationId: string, isRead: boolean): Promise<NotificationView> {
  const updated = await setNotificationRead(auth.userId, notificationId, isRead);
  if (!updated) throw new NotFoundError();
  return view(updated);
}

export async function markAllNotifications(auth: AuthContext, userId: string, isRead: boolean) {
  if (userId !== auth.userId) throw new ForbiddenError();
  return setAllNotificationsRead(auth.userId, isRead);
}
