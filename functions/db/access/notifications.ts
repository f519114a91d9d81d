import type { EntityItem } from 'electrodb';
import { newId } from '../ids';
import { db } from '../service';
import type { notification } from '../entities/notification';
import { StaleVersionError } from '../versioned';

export type NotificationItem = EntityItem<typeof notification>;

/**
 * "Mark all" touches the newest MARK_ALL_LIMIT notifications only: the list shows at most
 * 50, and one transaction holds at most 100 writes (these plus the counter).
 */
export const MARK_ALL_LIMIT = 50;

/** Retries when another write changed a notification between our read and our write. */
const ATTEMPTS = 3;

function newestFirst(items: NotificationItem[]): NotificationItem[] {
  return [...items].sort((a, b) => (a.notificationId < b.notificationId ? 1 : -1));
}

/** The inbox read descending: counter first, then the newest `count` notifications. One Query. */
async function readInbox(userId: string, count: number) {
  const { data } = await db().collections.inbox({ userId }).go({ order: 'desc', limit: count + 1, consistent: true });
  const counter = data.notificationCounter[0];
  return {
    notifications: newestFirst(data.notification).slice(0, count),
    unreadCount: counter?.unreadCount ?? 0,
    total: counter?.total ?? 0,
  };
}

/** The inbox's counts alone: one GetItem of the counter (none yet: zero). */
export async function inboxCounts(userId: string): Promise<{ unreadCount: number; total: number }> {
  const { data } = await db().entities.notificationCounter.get({ userId }).go();
  return { unreadCount: data?.unreadCount ?? 0, total: data?.total ?? 0 };
}

/** The newest `offset + limit` notifications (returning the last `limit`) and both counts, in one request. */
export async function listNotifications(userId: string, page: { limit: number; offset: number }) {
  const { notifications, unreadCount, total } = await readInbox(userId, page.offset + page.limit);
  return { items: notifications.slice(page.offset), unreadCount, total };
}

/**
 * Adds a notification and counts it in the same transaction. The notification is created
 * only if absent, so a retry that passes the same `notificationId` (the outbox worker
 * derives one from the outbox item and the recipient) neither makes a second bell entry
 * nor moves the counter again: `created` is false then. `isRead`/`createdAt` are for the
 * seed and imports.
 */
export async function addNotification(
  userId: string,
  input: { message: string; link?: string; items?: { text: string; link: string }[]; isRead?: boolean; createdAt?: string; notificationId?: string },
): Promise<{ notification: NotificationItem; created: boolean }> {
  const createdAt = input.createdAt ?? new Date().toISOString();
  const item = {
    userId,
    notificationId: input.notificationId ?? newId(Date.parse(createdAt)),
    message: input.message,
    link: input.link,
    ...(input.items?.length ? { items: input.items } : {}),
    isRead: input.isRead ?? false,
    createdAt,
  };
  // Concurrent additions to one inbox conflict on its counter: try again (the create is conditional, so this is safe).
  for (let attempt = 1; ; attempt++) {
    const { canceled, data } = await db()
      .transaction.write(({ notification, notificationCounter }) => [
        notification.create(item).commit(),
        notificationCounter.update({ userId }).add({ total: 1, unreadCount: item.isRead ? 0 : 1 }).commit(),
      ])
      .go();
    if (!canceled) return { notification: item as NotificationItem, created: true };
    if (data[0]?.code === 'ConditionalCheckFailed') {
      const { data: existing } = await db().entities.notification.get({ userId, notificationId: item.notificationId }).go({ consistent: true });
      if (existing) return { notification: existing, created: false };
    }
    const conflict = data.some((result) => result.code === 'TransactionConflict');
    if (!conflict || attempt >= ATTEMPTS) throw new Error(`Notification was not added (${data.map((result) => result.code).join(', ')})`);
  }
}

/**
 * Marks one notification read or unread. The write is conditioned on the state we read,
 * and the unread count moves in the same transaction, so a double click counts once.
 * Null when the user has no such notification.
 */
export async function setNotificationRead(userId: string, notificationId: string, isRead: boolean): Promise<NotificationItem | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { data: current } = await db().entities.notification.get({ userId, notificationId }).go({ consistent: true });
    if (!current) return null;
    if (current.isRead === isRead) return current;
    const { canceled } = await db()
      .transaction.write(({ notification, notificationCounter }) => [
        notification
          .patch({ userId, notificationId })
          .set({ isRead })
          .where((attr, { eq }) => eq(attr.isRead, current.isRead))
          .commit(),
        notificationCounter.update({ userId }).add({ unreadCount: isRead ? -1 : 1 }).commit(),
      ])
      .go();
    if (!canceled) return { ...current, isRead };
  }
  throw new StaleVersionError('The notification kept changing. Try again.');
}

/** Marks the newest MARK_ALL_LIMIT notifications read or unread; returns how many changed and the new unread count. */
export async function setAllNotificationsRead(userId: string, isRead: boolean): Promise<{ updated: number; unreadCount: number }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const inbox = await readInbox(userId, MARK_ALL_LIMIT);
    const changing = inbox.notifications.filter((item) => item.isRead !== isRead);
    if (changing.length === 0) return { updated: 0, unreadCount: inbox.unreadCount };
    const delta = isRead ? -changing.length : changing.length;
    const { canceled } = await db()
      .transaction.write(({ notification, notificationCounter }) => [
        ...changing.map((item) =>
          notification
            .patch({ userId, notificationId: item.notificationId })
            .set({ isRead })
            .where((attr, { eq }) => eq(attr.isRead, item.isRead))
            .commit(),
        ),
        notificationCounter.update({ userId }).add({ unreadCount: delta }).commit(),
      ])
      .go();
    if (!canceled) return { updated: changing.length, unreadCount: inbox.unreadCount + delta };
  }
  throw new StaleVersionError('The notifications kept changing. Try again.');
}
