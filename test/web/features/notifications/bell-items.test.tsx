import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '../../../../shared/schemas/user';
import { CurrentUserContext } from '../../../../web/src/lib/current-user';
import { NotificationBell } from '../../../../web/src/features/notifications/NotificationBell';
import { itemsToggleLabel } from '../../../../web/src/features/notifications/NotificationItems';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer } from '../../../support/fake-server';

/** An escalation digest's bell entry expands to its own list, each step with its link (docs/notifications.md). */
const digest = {
  notificationId: 'n1',
  message: '2 overdue steps in Foothills District',
  link: '/step/s1',
  isRead: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  items: [
    { text: 'Transcript in Candidacy for Grace Lee, overdue since Mar 1, 2033', link: '/step/s1' },
    { text: 'Interview in Candidacy for Sam Ortiz, overdue since Mar 3, 2033', link: '/step/s2' },
  ],
};
const plain = { notificationId: 'n2', message: 'A step is ready.', link: '/step/r', isRead: true, createdAt: '2025-01-01T00:00:00.000Z' };

function Where() {
  return <output aria-label="Current page">{useLocation().pathname}</output>;
}

function renderBell() {
  const server = fakeServer({
    'GET /api/notification/user-notifications': () => ({ userNotifications: [digest, plain], unreadCount: 1, total: 2 }),
    'GET /api/notification/unread-count': () => ({ unreadCount: 1, total: 2 }),
    'PUT /api/notification/n1/isread/true': () => ({ ...digest, isRead: true }),
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <MemoryRouter initialEntries={['/tracks']}>
        <CurrentUserContext.Provider value={{ id: 'u1' } as UserView}>
          <NotificationBell />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </CurrentUserContext.Provider>
      </MemoryRouter>
    </SWRConfig>,
  );
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openPanel() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
  const panel = await screen.findByRole('dialog', { name: 'Notifications list' });
  await within(panel).findByText('2 overdue steps in Foothills District');
  return { user, panel };
}

describe("an escalation digest's bell entry", () => {
  it('names its list by count, one item without a number', () => {
    expect([itemsToggleLabel(1, false), itemsToggleLabel(1, true), itemsToggleLabel(3, false)]).toEqual(['Show the item', 'Hide the item', 'Show the 3 items']);
  });

  it('offers its list behind a disclosure button, only on entries that have one', async () => {
    renderBell();
    const { panel } = await openPanel();
    const toggles = within(panel).getAllByRole('button', { name: /^Show the/ });
    expect(toggles.map((button) => button.textContent)).toEqual(['Show the 2 items']);
    expect(toggles[0].getAttribute('aria-expanded')).toBe('false');
    expect(within(panel).queryByRole('link', { name: /Transcript/ })).toBeNull();
  });

  it('expands and collapses by keyboard, each item a link; following one marks the entry read and opens its page', async () => {
    const server = renderBell();
    const { user, panel } = await openPanel();
    const toggle = within(panel).getByRole('button', { name: 'Show the 2 items' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide the 2 items');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Transcript in Candidacy for Grace Lee, overdue since Mar 1, 2033', '/step/s1'],
      ['Interview in Candidacy for Sam Ortiz, overdue since Mar 3, 2033', '/step/s2'],
    ]);
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(panel).queryAllByRole('link')).toHaveLength(0);

    await user.keyboard('{Enter}');
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toContain('Interview in Candidacy for Sam Ortiz');
    await user.keyboard('{Enter}');
    // The entry is marked read first, then the page opens.
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current page' }).textContent).toBe('/step/s2'));
    expect(server.to('/api/notification/n1/isread/true', 'PUT')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Notifications list' })).toBeNull();
  });

  it('has no axe violations, expanded', async () => {
    renderBell();
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Show the 2 items' }));
    await expectNoAxeViolations(panel);
  });
});
