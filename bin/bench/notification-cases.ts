import { addNotification } from '../../functions/db/access/notifications';
import { AS } from './accounts';
import { benchCase, type BenchCase } from './bench-case';

/**
 * Notification cases. Marks work on one inbox, whose counter every mark moves, so they run
 * with one client (a person clicks one notification at a time; concurrent marks of one inbox
 * only retry on the counter). Each `setRead` call marks its own unread notification, added
 * for the run straight into the table (the bench shares the runtime's process); `bulkSetRead`
 * alternates all-read and all-unread, so every call changes up to 50 notifications.
 */
const MARK_CALLS = 50;

export const NOTIFICATION_CASES: Record<string, BenchCase> = {
  'notification.userNotifications': { as: AS.participant, path: '/api/notification/user-notifications', query: 'limit=5&offset=0' },
  'notification.setRead': benchCase<string[]>({
    as: AS.participant,
    method: 'PUT',
    path: '/api/notification',
    calls: MARK_CALLS,
    concurrency: 1,
    prepare: async (ctx, calls) => {
      const ids: string[] = [];
      for (let call = 0; call < calls; call++) {
        const { notification } = await addNotification(ctx.userId(AS.participant), { message: `Bench ${call} ${ctx.runId}` });
        ids.push(notification.notificationId);
      }
      return ids;
    },
    each: (call, ids) => ({ path: `/api/notification/${ids[call]}/isread/true` }),
    singleItem: true,
  }),
  'notification.bulkSetRead': benchCase<string>({
    as: AS.superadmin,
    method: 'PUT',
    path: '/api/notification',
    calls: MARK_CALLS,
    concurrency: 1,
    prepare: async (ctx) => ctx.userId(AS.superadmin),
    each: (call, userId) => ({ path: `/api/notification/user/${userId}/bulk-isread/${call % 2 === 0}` }),
  }),
};
