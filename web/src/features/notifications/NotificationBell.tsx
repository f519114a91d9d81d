import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { NOTIFICATIONS_MAX, NOTIFICATIONS_START, NOTIFICATIONS_STEP } from '@shared/api/limits';
import type { NotificationView } from '@shared/api/notification';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useCurrentUser } from '../../lib/current-user';
import { useUserNotifications } from './api/use-user-notifications';
import { useUnreadCounts } from './api/use-unread-counts';
import { setUnreadInTitle } from '../../lib/document-title';
import { markAllNotificationsRead, markNotificationRead } from './api/mark-read';
import './notifications.css';
import { BellIcon } from './BellIcon';
import { NotificationItems } from './NotificationItems';

/** The bell of the top bar (SPEC.md section 2, Notifications list). */
export function NotificationBell() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [limit, setLimit] = useState(NOTIFICATIONS_START);
  const [isOpen, setOpen] = useState(false);
  const { data, isLoading, mutate } = useUserNotifications(limit);
  useUnreadCounts(data, () => void mutate());
  const unread = data?.unreadCount ?? 0;
  useEffect(() => setUnreadInTitle(unread), [unread]);
  const items = data?.userNotifications ?? [];
  const canLoadMore = Boolean(data) && items.length < (data?.total ?? 0) && limit < NOTIFICATIONS_MAX;

  async function open(notification: NotificationView, link = notification.link) {
    if (!notification.isRead) {
      await markNotificationRead(notification.notificationId);
      await mutate();
    }
    if (link) {
      setOpen(false); // the panel would otherwise cover the page it leads to
      navigate(link);
    }
  }

  async function markAll() {
    await markAllNotificationsRead(user.id);
    await mutate();
  }

  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <AriaButton className="notif-bell" aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}>
        <span className="notif-trigger">
          <BellIcon />
          {unread > 0 && <span className="notif-count" aria-hidden="true">{unread > 99 ? '99+' : unread}</span>}
        </span>
      </AriaButton>
      <Popover placement="bottom end" className="app-popover">
        <Dialog className="notif-dialog" aria-label="Notifications list">
      <section className="notif-panel" aria-label="Notifications">
        <header className="notif-header">
          <h2>Notifications</h2>
          <Button variant="ghost" size="small" onPress={markAll} isDisabled={unread === 0}>
            Mark all as read
          </Button>
        </header>
        {isLoading && !data ? (
          <Spinner label="Loading notifications..." />
        ) : items.length === 0 ? (
          <p className="notif-empty">No notifications.</p>
        ) : (
          <ul className="notif-list">
            {items.map((notification) => (
              <li key={notification.notificationId}>
                <button
                  type="button"
                  className={`notif-item${notification.isRead ? '' : ' notif-unread'}`}
                  onClick={() => open(notification)}
                  aria-label={`${notification.isRead ? '' : 'Unread: '}${notification.message}`}
                >
                  <span className="notif-message">{notification.message}</span>
                  <time className="notif-time" dateTime={notification.createdAt}>
                    {new Date(notification.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </button>
                {notification.items?.length ? <NotificationItems items={notification.items} onOpen={(link) => open(notification, link)} /> : null}
              </li>
            ))}
          </ul>
        )}
        {canLoadMore && (
          <Button variant="secondary" size="small" onPress={() => setLimit((n) => Math.min(n + NOTIFICATIONS_STEP, NOTIFICATIONS_MAX))}>
            Load more
          </Button>
        )}
      </section>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
