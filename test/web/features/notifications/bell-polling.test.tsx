import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '../../../../shared/schemas/user';
import { CurrentUserContext } from '../../../../web/src/lib/current-user';
import { NotificationBell } from '../../../../web/src/features/notifications/NotificationBell';
import { UNREAD_POLL_FIRST_MS, UNREAD_POLL_MAX_MS, unreadPollDelay } from '../../../../web/src/features/notifications/api/use-unread-counts';
import { setPageTitle } from '../../../../web/src/lib/document-title';
import { fakeServer } from '../../../support/fake-server';

const note = (id: string, isRead = false) => ({ notificationId: id, message: `Message ${id}`, isRead, createdAt: '2025-01-01T00:00:00.000Z' });

/** The server's inbox: tests add notifications to it as the outbox worker would. */
function inboxServer() {
  const inbox = { items: [note('n1'), note('n2', true)] };
  const counts = () => ({ unreadCount: inbox.items.filter((item) => !item.isRead).length, total: inbox.items.length });
  const server = fakeServer({
    'GET /api/notification/user-notifications': () => ({ userNotifications: inbox.items.slice(0, 5), ...counts() }),
    'GET /api/notification/unread-count': () => counts(),
  });
  return { inbox, server, polls: () => server.to('/api/notification/unread-count').length, lists: () => server.to('/api/notification/user-notifications').length };
}

function renderBell() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <MemoryRouter>
        <CurrentUserContext.Provider value={{ id: 'u1' } as UserView}>
          <NotificationBell />
        </CurrentUserContext.Provider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const passTime = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  setPageTitle('Tracks · Formation Tracks');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function started() {
  const inbox = inboxServer();
  renderBell();
  await passTime(0);
  await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  return inbox;
}

describe('the bell, real-time enough', () => {
  it('waits 15 s, then doubles the wait to 60 s while nothing changes', async () => {
    expect([0, 1, 2, 3, 9].map(unreadPollDelay)).toEqual([15_000, 30_000, 60_000, 60_000, 60_000]);
    const { polls, lists } = await started();
    expect(polls()).toBe(0);
    await passTime(UNREAD_POLL_FIRST_MS);
    expect(polls()).toBe(1);
    await passTime(UNREAD_POLL_FIRST_MS);
    expect(polls()).toBe(2);
    await passTime(29_000);
    expect(polls()).toBe(2);
    await passTime(1_000);
    expect(polls()).toBe(3);
    await passTime(UNREAD_POLL_MAX_MS);
    expect(polls()).toBe(4);
    await passTime(UNREAD_POLL_MAX_MS);
    expect(polls()).toBe(5);
    // Polls read the counter only: the list was read once, with the page.
    expect(lists()).toBe(1);
  });

  it('shows a new notification within a minute without reload, and the count in the tab title', async () => {
    const { inbox, lists } = await started();
    expect(document.title).toBe('(1) Tracks · Formation Tracks');
    // Long quiet: the wait has grown to a minute, so a new notification shows within one.
    await passTime(UNREAD_POLL_FIRST_MS * 7);
    inbox.items.unshift(note('n3'), note('n4'));
    await passTime(UNREAD_POLL_MAX_MS);
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(lists()).toBe(2);
    expect(document.title).toBe('(3) Tracks · Formation Tracks');
    setPageTitle('Admin · Formation Tracks');
    expect(document.title).toBe('(3) Admin · Formation Tracks');
  });

  it('starts the back-off again after a change: the next poll comes 15 s later', async () => {
    const { inbox, lists } = await started();
    await passTime(UNREAD_POLL_FIRST_MS);
    inbox.items.unshift(note('n3'));
    await passTime(UNREAD_POLL_FIRST_MS);
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    inbox.items.unshift(note('n4'));
    await passTime(UNREAD_POLL_FIRST_MS);
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(lists()).toBe(3);
  });

  it('pauses while the tab is hidden and polls at once when the window regains focus', async () => {
    const { polls } = await started();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await passTime(UNREAD_POLL_MAX_MS * 3);
    expect(polls()).toBe(0);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    await passTime(0);
    expect(polls()).toBe(1);
  });
});
