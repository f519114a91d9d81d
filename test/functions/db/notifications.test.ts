import {
  MARK_ALL_LIMIT,
  addNotification,
  listNotifications,
  setAllNotificationsRead,
  setNotificationRead,
} from '../../../functions/db/access/notifications';
import { deterministicId } from '../../../functions/db/ids';
import { withCountedRequests } from '../../support/dynamo';

const HOUR = 3600_000;
const base = Date.parse('2025-03-01T00:00:00.000Z');

/** Adds `count` notifications an hour apart (oldest first); returns their ids oldest first. */
async function fill(userId: string, count: number, read: (index: number) => boolean = () => false): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const item = await addNotification(userId, { message: `Message ${index + 1}`, link: `/step/${index}`, isRead: read(index), createdAt: new Date(base + index * HOUR).toISOString() });
    ids.push(item.notification.notificationId);
  }
  return ids;
}

describe('listNotifications', () => {
  it('returns the newest page and both counts with ONE request', async () => {
    await fill('list-user', 7, (index) => index < 3);
    const { result, counted } = await withCountedRequests(() => listNotifications('list-user', { limit: 5, offset: 0 }));
    expect(counted.requests).toBe(1);
    expect(result.items.map((item) => item.message)).toEqual(['Message 7', 'Message 6', 'Message 5', 'Message 4', 'Message 3']);
    expect(result.total).toBe(7);
    expect(result.unreadCount).toBe(4);
  });

  it('skips `offset` and stops at the end', async () => {
    const second = await listNotifications('list-user', { limit: 5, offset: 5 });
    expect(second.items.map((item) => item.message)).toEqual(['Message 2', 'Message 1']);
    expect(second.total).toBe(7);
    const middle = await listNotifications('list-user', { limit: 2, offset: 3 });
    expect(middle.items.map((item) => item.message)).toEqual(['Message 4', 'Message 3']);
  });

  it('is empty with zero counts for a user without notifications', async () => {
    expect(await listNotifications('nobody', { limit: 5, offset: 0 })).toEqual({ items: [], unreadCount: 0, total: 0 });
  });
});

describe('addNotification', () => {
  it('with a given id, adds and counts the notification once however often (and however concurrently) it is retried', async () => {
    const notificationId = deterministicId(base, 'outbox-1', 'once-user');
    const input = { message: 'Your step was approved.', notificationId };
    const first = await addNotification('once-user', input);
    const retries = await Promise.all([addNotification('once-user', input), addNotification('once-user', input)]);
    expect(first.created).toBe(true);
    expect(retries.map((retry) => retry.created)).toEqual([false, false]);
    expect(retries[0].notification).toMatchObject({ notificationId, message: 'Your step was approved.' });
    const inbox = await listNotifications('once-user', { limit: 5, offset: 0 });
    expect({ total: inbox.total, unreadCount: inbox.unreadCount, ids: inbox.items.map((item) => item.notificationId) }).toEqual({ total: 1, unreadCount: 1, ids: [notificationId] });
  });
});

describe('setNotificationRead', () => {
  it('moves the unread count once, however often the same mark is sent', async () => {
    const [first] = await fill('mark-user', 3);
    expect((await listNotifications('mark-user', { limit: 5, offset: 0 })).unreadCount).toBe(3);

    const updated = await setNotificationRead('mark-user', first, true);
    expect(updated).toMatchObject({ notificationId: first, isRead: true, message: 'Message 1' });
    await setNotificationRead('mark-user', first, true);
    await Promise.all([setNotificationRead('mark-user', first, true), setNotificationRead('mark-user', first, true)]);
    expect((await listNotifications('mark-user', { limit: 5, offset: 0 })).unreadCount).toBe(2);

    await setNotificationRead('mark-user', first, false);
    await setNotificationRead('mark-user', first, false);
    const after = await listNotifications('mark-user', { limit: 5, offset: 0 });
    expect(after.unreadCount).toBe(3);
    expect(after.total).toBe(3);
    expect(after.items.find((item) => item.notificationId === first)?.isRead).toBe(false);
  });

  it('keeps the count right when two different notifications are marked at once', async () => {
    const ids = await fill('race-user', 4);
    await Promise.all(ids.map((id) => setNotificationRead('race-user', id, true)));
    expect((await listNotifications('race-user', { limit: 5, offset: 0 })).unreadCount).toBe(0);
  });

  it("is null for a missing notification or another user's", async () => {
    const [mine] = await fill('owner-user', 1);
    expect(await setNotificationRead('owner-user', 'no-such-id', true)).toBeNull();
    expect(await setNotificationRead('someone-else', mine, true)).toBeNull();
    expect((await listNotifications('owner-user', { limit: 5, offset: 0 })).unreadCount).toBe(1);
  });
});

describe('setAllNotificationsRead', () => {
  it('marks all read and unread, reporting the new unread count', async () => {
    await fill('all-user', 6, (index) => index % 2 === 0);
    expect(await setAllNotificationsRead('all-user', true)).toEqual({ updated: 3, unreadCount: 0 });
    expect((await listNotifications('all-user', { limit: 10, offset: 0 })).items.every((item) => item.isRead)).toBe(true);
    expect(await setAllNotificationsRead('all-user', true)).toEqual({ updated: 0, unreadCount: 0 });
    expect(await setAllNotificationsRead('all-user', false)).toEqual({ updated: 6, unreadCount: 6 });
    expect((await listNotifications('all-user', { limit: 10, offset: 0 })).unreadCount).toBe(6);
  });

  it(`touches only the newest ${MARK_ALL_LIMIT}`, async () => {
    await fill('many-user', MARK_ALL_LIMIT + 5);
    expect(await setAllNotificationsRead('many-user', true)).toEqual({ updated: MARK_ALL_LIMIT, unreadCount: 5 });
    const oldest = await listNotifications('many-user', { limit: 5, offset: MARK_ALL_LIMIT });
    expect(oldest.items.map((item) => item.isRead)).toEqual([false, false, false, false, false]);
    expect(oldest.unreadCount).toBe(5);
    expect(oldest.total).toBe(MARK_ALL_LIMIT + 5);
  });
});
