import { addNotification } from '../../functions/db/access/notifications';
import { db } from '../../functions/db/service';
import { unsubscribeToken } from '../../functions/core/notifications/unsubscribe';
import { AS } from './accounts';
import { addPeople, deactivate } from './admin-cases';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';

/**
 * Notification cases. Marks work on one inbox, whose counter every mark moves, so they run
 * with one client (a person clicks one notification at a time; concurrent marks of one inbox
 * only retry on the counter). Each `setRead` call marks its own unread notification, added
 * for the run straight into the table (the bench shares the runtime's process); `bulkSetRead`
 * alternates all-read and all-unread, so every call changes up to 50 notifications.
 */
const MARK_CALLS = 50;
const UNSUBSCRIBE_CALLS = 20;

interface Unsubscribers {
  userIds: string[];
  tokens: string[];
}

/** People added for the run with the unsubscribe link token of each (signed as their emails' links are, in this process). */
async function peopleWithTokens(ctx: BenchContext, calls: number): Promise<Unsubscribers> {
  const userIds = await addPeople(ctx, calls);
  const tokens: string[] = [];
  for (const userId of userIds) {
    const { data: user } = await db().entities.user.get({ userId }).go({ consistent: true });
    tokens.push(unsubscribeToken(userId, user!.email));
  }
  return { userIds, tokens };
}

/** An unsubscribe link: GET shows its confirmation page (changes nothing); POST (the page's button, a mail provider's one-click) turns off its own person's emails. */
const unsubscribeCase = (method: 'GET' | 'POST') =>
  benchCase<Unsubscribers>({
    method,
    path: '/api/notification/unsubscribe',
    calls: UNSUBSCRIBE_CALLS,
    prepare: peopleWithTokens,
    each: (call, made) => ({ query: `token=${encodeURIComponent(made.tokens[call])}` }),
    cleanUp: (ctx, made) => deactivate(ctx, made.userIds),
    singleItem: true,
  });

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
  'notification.unsubscribe': unsubscribeCase('GET'),
  'notification.unsubscribeOneClick': unsubscribeCase('POST'),
  'notification.triggerEmailNotifications': {
    as: AS.superadmin,
    path: '/api/notification/trigger-email-notifications',
    skip: 'one call sends every waiting digest (the whole index, 100 lines a run), so the next finds nothing: it cannot repeat real work in a loop; covered by the integration tests',
  },
};
