import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, pageOfRows, renderAdmin } from './admin-harness';

const emptyPages = {
  'GET /api/{service}/quickSearch': () => pageOfRows([]),
  'GET /api/user/advisors': () => pageOfRows([]),
};

const tabNames = () => within(screen.getByRole('tablist', { name: 'Admin' })).getAllByRole('tab').map((tab) => tab.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('Admin tabs', () => {
  it('/admin opens the Conferences tab; a superadmin sees every tab in order', async () => {
    fakeServer(emptyPages);
    renderAdmin('/admin');
    expect(await screen.findByRole('tab', { name: 'Conferences', selected: true })).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/admin/conferences');
    expect(tabNames()).toEqual(['Churches', 'Districts', 'Conferences', 'Episcopal Areas', 'Jurisdictions', 'Advisors', 'Roles', 'Announcements', 'Audit', 'Retention', 'Transfers', 'Import']);
    expect(screen.getByRole('tab', { name: 'Churches' }).getAttribute('href')).toBe('/admin/churches');
  });

  it('a conference admin sees no Episcopal Areas or Jurisdictions tab, and their URLs show the forbidden state', async () => {
    fakeServer(emptyPages);
    renderAdmin('/admin/districts', CONFERENCE_ADMIN);
    await screen.findByRole('tab', { name: 'Districts', selected: true });
    expect(tabNames()).toEqual(['Churches', 'Districts', 'Conferences', 'Advisors', 'Roles', 'Announcements', 'Audit', 'Retention', 'Transfers', 'Import']);
  });

  it('a district admin (updates no conference) has no Audit tab, and its URL says who may open it', async () => {
    const server = fakeServer(emptyPages);
    renderAdmin('/admin/audit', { role: 'DistrictAdmin', permissions: CONFERENCE_ADMIN.permissions });
    expect(await screen.findByText('Only Superadmins and Conference Admins can open Audit.')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it.each([
    ['episcopal-areas', 'You cannot update EpiscopalArea.'],
    ['jurisdictions', 'You cannot update Jurisdiction.'],
  ])('/admin/%s is refused for a conference admin', async (tab, message) => {
    const server = fakeServer(emptyPages);
    renderAdmin(`/admin/${tab}`, CONFERENCE_ADMIN);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('a district admin (reads roles, cannot create them) has no Roles tab', async () => {
    fakeServer(emptyPages);
    renderAdmin('/admin/roles', { role: 'DistrictAdmin', permissions: CONFERENCE_ADMIN.permissions });
    expect(await screen.findByText('You cannot create Role.')).toBeTruthy();
  });

  it('a district admin (manages no announcements) has no Announcements tab', async () => {
    fakeServer(emptyPages);
    renderAdmin('/admin/announcements', { role: 'DistrictAdmin', permissions: CONFERENCE_ADMIN.permissions });
    expect(await screen.findByText('You cannot update Announcement.')).toBeTruthy();
  });

  it('a participant sees the forbidden state at /admin and stays there', async () => {
    const server = fakeServer(emptyPages);
    renderAdmin('/admin', { role: 'Participant' });
    expect(await screen.findByText('You cannot update Conference.')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/admin');
    expect(server.requests).toEqual([]);
  });

  it('an unknown tab goes to Conferences', async () => {
    fakeServer(emptyPages);
    renderAdmin('/admin/nothing-here');
    await screen.findByRole('tab', { name: 'Conferences', selected: true });
  });

  it('clicking a tab routes to it and loads its table', async () => {
    const server = fakeServer(emptyPages);
    const user = userEvent.setup();
    renderAdmin('/admin/conferences');
    await screen.findByRole('table', { name: 'Conferences' });
    await user.click(screen.getByRole('tab', { name: 'Churches' }));
    await screen.findByRole('table', { name: 'Churches' });
    expect(screen.getByTestId('path').textContent).toBe('/admin/churches');
    await waitFor(() => expect(server.to('/api/church/quickSearch')).toHaveLength(1));
    // The selected tab controls the panel on screen, and the panel is named by that tab.
    const selected = screen.getByRole('tab', { name: 'Churches', selected: true });
    const panel = screen.getByRole('tabpanel');
    expect(selected.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(selected.id);
  });

  it('has no axe violations', async () => {
    fakeServer(emptyPages);
    const { container } = renderAdmin('/admin/conferences');
    await screen.findByText('No results');
    await expectNoAxeViolations(container);
  });
});
