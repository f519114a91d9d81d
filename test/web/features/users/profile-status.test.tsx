import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ProfilePage from '../../../../web/src/features/users/ProfilePage';
import { CurrentUserContext } from '../../../../web/src/lib/current-user';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage } from '../admin/admin-harness';

const base = { middleName: undefined, roles: [], createdAt: '2026-03-04T12:00:00.000Z', updatedAt: '2026-03-04T12:00:00.000Z' };
const me = { ...base, id: 'me', firstName: 'Carmen', lastName: 'Delgado', email: 'carmen@example.org', inactive: false, registered: true };
const them = { ...base, id: 'u2', firstName: 'Ben', lastName: 'Cole', email: 'ben@example.org', inactive: false, registered: false };

function renderProfile(user = them) {
  let current = user;
  const server = fakeServer({
    'GET /api/user/get-user/u2': () => current,
    'POST /api/admin/deactive-user': (request) => {
      current = { ...current, inactive: true };
      return request.body as object;
    },
  });
  const view = renderPage('/profile/u2', CONFERENCE_ADMIN, {
    path: 'profile/:id',
    element: (
      <CurrentUserContext.Provider value={me}>
        <ProfilePage />
      </CurrentUserContext.Provider>
    ),
  });
  return { server, view };
}

describe('Profile account status', () => {
  it('shows active and not registered, offers reinvite, and deactivates after asking', async () => {
    const user = userEvent.setup();
    const { server } = renderProfile();
    const card = await screen.findByRole('region', { name: 'Account status' });
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('Not registered')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Reinvite' })).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Confirm User Deactivation' })).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Ben Cole was deactivated.')).toBeTruthy();
    expect(server.to('/api/admin/deactive-user')[0].body).toEqual({ ids: ['u2'] });
    await waitFor(() => expect(within(card).getByText('Inactive')).toBeTruthy());
    expect(await within(card).findByRole('button', { name: 'Reactivate' })).toBeTruthy();
  });

  it('shows the merged notice with a link to the target', async () => {
    renderProfile({ ...them, mergedUserId: 'u7', inactive: true } as typeof them);
    const card = await screen.findByRole('region', { name: 'Account status' });
    expect(within(card).getByText(/This user has been merged/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open the merged profile' }).getAttribute('href')).toBe('/users/u7');
  });

  it('has no axe violations', async () => {
    const { view } = renderProfile();
    await screen.findByRole('region', { name: 'Account status' });
    await expectNoAxeViolations(view.container);
  });
});
