import { createServiceHandler } from '../../lib/http/service-handler';
import { htmlPage, redirect } from '../../lib/http/result';
import { sendDueDigests } from '../../events/outbox-digest';
import { isValidUnsubscribeToken, unsubscribe } from '../../core/notifications/unsubscribe';
import { confirmUnsubscribePage, invalidUnsubscribePage, unsubscribedPage } from '../../core/notifications/unsubscribe-page';
import { confirmEmail, verificationPage } from '../../core/people/email-change';
import { notificationApi } from '../../../shared/api/notification';
import { markAllNotifications, markNotification, myNotifications, myUnreadCount } from '../../core/notifications/user-notifications';
import { publishMessage } from '../../core/notifications/publish';
import { subscribe } from '../../core/notifications/subscribe';
import { requirePower } from '../../core/scope/caller-rights';

export const handler = createServiceHandler(notificationApi, {
  userNotifications: async ({ auth, query }) => myNotifications(auth, query),
  unreadCount: async ({ auth }) => myUnreadCount(auth),
  // Publishing needs update User where it goes (publish.ts): whoever holds it nowhere is refused before the body.
  publish: { authorize: ({ auth }) => requirePower(auth, ['update', 'User']), handle: async ({ auth, body }) => publishMessage(auth, body) },
  subscribe: async ({ auth, body }) => subscribe(auth, body),
  setRead: async ({ auth, params }) => markNotification(auth, params.id, params.isread),
  bulkSetRead: async ({ auth, params }) => markAllNotifications(auth, params.userId, params.isread),
  confirmEmail: async ({ query }) => redirect(verificationPage(await confirmEmail(query.data))),
  confirmEmailUnauthed: async ({ query }) => redirect(verificationPage(await confirmEmail(query.data))),
  unsubscribe: async ({ query }) => ((await isValidUnsubscribeToken(query.token)) ? htmlPage(confirmUnsubscribePage(query.token)) : htmlPage(invalidUnsubscribePage(), 400)),
  unsubscribeOneClick: async ({ query }) => ((await unsubscribe(query.token)) ? htmlPage(unsubscribedPage()) : htmlPage(invalidUnsubscribePage(), 400)),
  triggerEmailNotifications: async () => ({ sent: await sendDueDigests(Date.now(), { all: true }) }),
});
