import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ROLES } from '../../../../shared/auth/system-roles';
import type { UserView } from '../../../../shared/schemas/user';
import ProfilePage from '../../../../web/src/features/users/ProfilePage';
import { AliasesCard } from '../../../../web/src/features/users/profile/AliasesCard';
import { CurrentUserContext } from '../../../../web/src/lib/current-user';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage, SUPERADMIN, type Viewer } from '../admin/admin-harness';

/** Issue 24, item 5: the profile reads like a person (who, active or not, where), and its remove controls are quiet and named. */
const advisor = SYSTEM_ROLES.find((role) => role.name === 'Advisor')!;
const base = { middleName: undefined, createdAt: '2026-03-04T12:00:00.000Z', updatedAt: '2026-03-04T12:00:00.000Z', registered: true };
const me: UserView = { ...base, id: 'me', firstName: 'Carmen', lastName: 'Delgado', email: 'carmen@example.org', inactive: false, roles: [] };
const ben: UserView = {
  ...base,
  id: 'u2',
  firstName: 'Ben',
  lastName: 'Cole',
  email: 'ben@example.org',
  inactive: true,
  avatar: { url: '/api/user/u2/avatar-image?key=k1', key: 'avatars/u2/k1.png' },
  roles: [{ id: advisor.id, name: advisor.name, system: true }],
};

const permission = (id: string, entity: string, name: string, flags: { active: boolean; primary: boolean }) => ({
  id, userId: 'u2', entity, entityId: `loc-${id}`, name, locationActive: true, denial: false, ancestorIds: [`loc-${id}`], version: 1, createdAt: '2024-01-01T00:00:00.000Z', ...flags,
});
const locations = {
  Jurisdiction: [],
  EpiscopalArea: [],
  Conference: [permission('p1', 'Conference', 'Blue Ridge Conference', { active: true, primary: true })],
  District: [permission('p2', 'District', 'Foothills District', { active: true, primary: true }), permission('p3', 'District', 'Lakeside District', { active: true, primary: false })],
  Church: [permission('p4', 'Church', 'Old Mill Church', { active: false, primary: true })],
};
const membership = { id: 'm1', userId: 'u2', church: { id: 'c1', name: 'Grace Chapel' }, active: true, primary: true, constituent: true, version: 1, createdAt: '2024-01-01T00:00:00.000Z' };

function renderProfile(viewer: Viewer, current: UserView, shown: UserView = ben) {
  fakeServer({
    [`GET /api/user/get-user/${shown.id}`]: () => shown,
    'GET /api/user/{id}/locations-details': () => locations,
    'GET /api/church/church-memberships/{userId}': () => [membership],
    'GET /api/user/{id}/alias': () => [{ id: 'a1', alias: 'Benji' }],
    'GET /api/user/{id}/tag': () => [{ id: 't1', name: 'Youth' }],
  });
  return renderPage(`/profile/${shown.id}`, viewer, {
    path: 'profile/:id/*',
    element: (
      <CurrentUserContext.Provider value={current}>
        <ProfilePage />
      </CurrentUserContext.Provider>
    ),
  });
}

const header = () => screen.getByRole('heading', { level: 1 }).closest('.profile-header') as HTMLElement;

describe('the profile heading', () => {
  it("names the person whose profile it is, with their avatar, whether they are active and their primary location", async () => {
    const view = renderProfile(CONFERENCE_ADMIN, me);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ben Cole' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Profile' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Ben Cole · Formation Tracks'));
    expect(within(header()).getByRole('img', { name: 'Avatar of Ben Cole' })).toBeTruthy();
    expect(within(header()).getByText('Inactive')).toBeTruthy();
    // The most specific primary that is active: the district (the church's permission is inactive).
    expect(await within(header()).findByText('Foothills District')).toBeTruthy();
    expect(header().textContent).toContain('Primary location: Foothills District');
    await screen.findByRole('region', { name: 'Tags' });
    await expectNoAxeViolations(view.container);
  });

  it("says 'My Profile' above one's own name", async () => {
    renderProfile(CONFERENCE_ADMIN, ben);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ben Cole' })).toBeTruthy();
    expect(within(header()).getByText('My Profile')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('My Profile · Formation Tracks'));
  });
});

describe("the profile's remove controls", () => {
  it('are quiet (no red button on a row) and each is named for its item', async () => {
    const view = renderProfile(SUPERADMIN, me);
    const named = ['Remove role Advisor', 'Remove location Foothills District', 'Remove location Lakeside District', 'Remove location Blue Ridge Conference', 'Remove membership Grace Chapel', 'Remove alias Benji', 'Remove tag Youth'];
    for (const name of named) expect(await screen.findByRole('button', { name })).toBeTruthy();
    const removes = screen.getAllByRole('button', { name: /^Remove / });
    expect(removes).toHaveLength(named.length);
    for (const button of removes) {
      expect(button.textContent).toBe('Remove');
      expect(button.className).not.toContain('ui-button-danger');
    }
    // No red button on the page removes anything: red is for the confirmation.
    expect([...view.container.querySelectorAll('.ui-button-danger')].filter((button) => /Remove|Unassign/.test(button.textContent ?? ''))).toEqual([]);
  });

  it('asks first, and after a removal by keyboard puts focus on the next Remove, then on the card when none is left', async () => {
    const user = userEvent.setup();
    let aliases = [
      { id: 'a1', alias: 'Benji' },
      { id: 'a2', alias: 'B. Cole' },
    ];
    const server = fakeServer({
      'GET /api/user/u2/alias': () => aliases,
      'DELETE /api/user/u2/alias/{aliasId}': (request) => {
        aliases = aliases.filter((alias) => !request.path.endsWith(`/${alias.id}`));
        return { removed: true };
      },
    });
    const view = renderPage('/card', CONFERENCE_ADMIN, { path: 'card', element: <AliasesCard userId="u2" personName="Ben Cole" mayChange /> });
    const card = await screen.findByRole('region', { name: 'Aliases' });
    within(card).getByRole('button', { name: 'Remove alias Benji' }).focus();
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Alias' });
    expect(within(confirm).getByText('Remove the alias Benji from Ben Cole?')).toBeTruthy();
    // Focus starts on Cancel: Enter alone never removes.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Remove alias Benji' })));
    expect(server.to('/api/user/u2/alias/a1', 'DELETE')).toHaveLength(0);

    await user.keyboard('{Enter}');
    await screen.findByRole('alertdialog', { name: 'Remove Alias' });
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(within(card).queryByText('Benji')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Remove alias B. Cole' })));
    expect(server.to('/api/user/u2/alias/a1', 'DELETE')).toHaveLength(1);

    await user.keyboard('{Enter}');
    await screen.findByRole('alertdialog', { name: 'Remove Alias' });
    await user.keyboard('{Tab}{Enter}');
    expect(await within(card).findByText('No aliases.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Aliases' })));
    await expectNoAxeViolations(view.container);
  });
});
