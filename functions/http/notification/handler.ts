import { createServiceHandler } from '../../lib/http/service-handler';
import { redirect } from '../../lib/http/result';
import { confirmEmail, verificationPage } from '../../core/people/email-change';
import { notificationApi } from '../../../shared/api/notification';
import { markAllNotifications, markNotification, myNotifications, myUnreadCount } from '../../core/notifications/user-notifications';

export const handler = createServiceHandler(notificationApi, {
  userNotifications: async ({ auth, query }) => myNotifications(auth, query),
  unreadCount: async ({ auth }) => myUnreadCount(auth),
  setRead: async ({ auth, params }) => markNotification(auth, params.id, params.isread),
  bulkSetRead: async ({ auth, params }) => markAllNotifications(auth, params.userId, params.isread),
  confirmEmail: async ({ query }) => redirect(verificationPage(await confirmEmail(query.data))),
  confirmEmailUnauthed: async ({ query }) => redirect(verificationPage(await confirmEmail(query.data))),
});
