import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';

/** Newest `limit` notifications plus unread and total counts; refreshed every minute. */
export function useUserNotifications(limit: number) {
  return useApi(routes.notification.userNotifications, { query: { limit, offset: 0 } }, { refreshInterval: 60_000, keepPreviousData: true });
}
