import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';

/** Newest `limit` notifications plus unread and total counts; reloaded when the counter poll (use-unread-counts.ts) sees them move. */
export function useUserNotifications(limit: number) {
  return useApi(routes.notification.userNotifications, { query: { limit, offset: 0 } }, { keepPreviousData: true });
}
