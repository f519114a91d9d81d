import { createServiceHandler, implement } from '../../lib/http/service-handler';
import { bulkSetRead, setRead, userNotifications } from '../../../shared/api/notification';
import { markAllNotifications, markNotification, myNotifications } from '../../core/notifications/user-notifications';

export const handler = createServiceHandler('notification', [
  implement(userNotifications, async ({ auth, query }) => myNotifications(auth, query)),
  implement(setRead, async ({ auth, params }) => markNotification(auth, params.id, params.isread)),
  implement(bulkSetRead, async ({ auth, params }) => markAllNotifications(auth, params.userId, params.isread)),
]);
