import { handler } from '../../../functions/http/notification/handler';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { withCountedRequests } from '../../support/dynamo';

let participant: string;
let superadmin: string;

beforeAll(async () => {
  await seedDemo();
  participant = await cookieFor('participant@example.org');
  superadmin = await cookieFor('superadmin@example.org');
});

const list = (cookie: string, query = '') => invoke(handler, '/api/notification/user-notifications', { cookie, query });

describe('notifications', () => {
  it('needs a session', async () => {
    expect((await invoke(handler, '/api/notification/user-notifications')).status).toBe(401);
  });

  it('lists the newest 5 by default with unread and total counts', async () => {
    const res = await list(participant);
    expect(res.status).toBe(200);
    expect(res.body.userNotifications).toHaveLength(5);
    expect(res.body.total).toBe(7);
    const dates = res.body.userNotifications.map((n: { createdAt: string }) => n.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const all = await list(participant, 'limit=50');
    expect(all.body.userNotifications).toHaveLength(7);
    expect(res.body.unreadCount).toBe(all.body.userNotifications.filter((n: { isRead: boolean }) => !n.isRead).length);
  });

  it('answers the bell\'s poll with the counts alone, in one read of the counter item', async () => {
    const listed = await list(participant);
    const { result, requests } = await withCountedRequests(() => invoke(handler, '/api/notification/unread-count', { cookie: participant }));
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ unreadCount: listed.body.unreadCount, total: listed.body.total });
    // The session's Query of the user's partition, then one GetItem.
    expect(requests).toBe(2);
    expect((await invoke(handler, '/api/notification/unread-count')).status).toBe(401);
  });

  it('rejects a limit above 50 with a field message', async () => {
    const res = await list(participant, 'limit=51');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors)).toContain('limit');
  });

  it('marks one read, once, and keeps the unread count right', async () => {
    const before = await list(participant, 'limit=50');
    const unread = before.body.userNotifications.find((n: { isRead: boolean }) => !n.isRead);
    const first = await invoke(handler, `/api/notification/${unread.notificationId}/isread/true`, { method: 'PUT', cookie: participant });
    expect(first.status).toBe(200);
    expect(first.body.isRead).toBe(true);
    await invoke(handler, `/api/notification/${unread.notificationId}/isread/true`, { method: 'PUT', cookie: participant });
    const after = await list(participant);
    expect(after.body.unreadCount).toBe(before.body.unreadCount - 1);
  });

  it("cannot touch another user's notification", async () => {
    const mine = await list(participant);
    const id = mine.body.userNotifications[0].notificationId;
    const res = await invoke(handler, `/api/notification/${id}/isread/false`, { method: 'PUT', cookie: superadmin });
    expect(res.status).toBe(404);
    const bulk = await invoke(handler, `/api/notification/user/${demoUser('participant@example.org').id}/bulk-isread/true`, { method: 'PUT', cookie: superadmin });
    expect(bulk.status).toBe(403);
  });

  it('rejects an isread value that is not true or false', async () => {
    const res = await invoke(handler, '/api/notification/abc/isread/maybe', { method: 'PUT', cookie: participant });
    expect(res.status).toBe(400);
  });

  it('marks all read', async () => {
    const res = await invoke(handler, `/api/notification/user/${demoUser('participant@example.org').id}/bulk-isread/true`, { method: 'PUT', cookie: participant });
    expect(res.status).toBe(200);
    expect(res.body.unreadCount).toBe(0);
    expect((await list(participant)).body.unreadCount).toBe(0);
  });
});
