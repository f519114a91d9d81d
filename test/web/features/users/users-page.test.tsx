import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import UsersPage from '../../../../web/src/features/users/UsersPage';
import { CurrentUserContext } from '../../../../web/src/lib/current-user';
import { selectedUsersText } from '../../../../web/src/features/users/list/selected-users';
import { USER_DIALOGS } from '../../../../web/src/features/users/list/user-dialogs';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, SUPERADMIN, fakeServer, pageOfRows, renderPage } from '../admin/admin-harness';

const participant = { id: 'role-participant', name: 'Participant' };
const advisor = { id: 'role-advisor', name: 'Advisor' };
const blueRidge = { id: 'loc-blue-ridge', name: 'Blue Ridge Conference' };
const foothills = { id: 'loc-foothills', name: 'Foothills District' };
const row = (id: string, firstName: string, lastName: string, roles = [participant], status: 'Active' | 'Inactive' = 'Active') => ({
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.org`,
  status,
  roles,
  conferences: [blueRidge],
  districts: [foothills],
  createdAt: '2026-03-04T12:00:00.000Z',
});
const rows = [row('u1', 'Ada', 'Brooks', [participant, advisor]), row('u2', 'Ben', 'Cole', [participant], 'Inactive')];

afterEach(() => vi.unstubAllGlobals());

function usersServer() {
  return fakeServer({
    'GET /api/user/quickSearch': () => pageOfRows(rows, 2),
    'GET /api/role/quickSearch': () => pageOfRows([], 0),
    'GET /api/conference/quickSearch': () => pageOfRows([], 0),
    'GET /api/district/quickSearch': () => pageOfRows([{ id: foothills.id, kind: 'District', active: true, name: foothills.name, parentName: 'Blue Ridge Conference' }], 1),
    'GET /api/church/quickSearch': () => pageOfRows([], 0),
    'POST /api/admin/deactive-user': (request) => request.body as object,
    'POST /api/admin/sign-up-user': (request) =>
      (request.body as { email: string }).email === 'taken@example.org'
        ? { status: 400, body: { message: 'Bad Request', fieldErrors: { email: ['This email is already in use.'] } } }
        : { status: 201, body: { ...me, id: 'u9', firstName: 'Nia', lastName: 'New', email: 'nia@example.org', registered: false, roles: [] } },
    'POST /api/role/assignable-roles': () => [{ id: 'role-mentor', name: 'Mentor', label: 'Mentor', system: true, policies: [], version: 1 }],
    'POST /api/role/roles': (request) => request.body as object,
    'POST /api/admin/reinvite-user': (request) => ({ ids: (request.body as { ids: string[] }).ids.filter((id) => id === 'u2') }),
    'DELETE /api/role/roles': (request) => ({ ...(request.body as object), menteesRemoved: 0, advisorAssignmentsRemoved: 0 }),
  });
}

/** The viewer is Ada (u1). */
const me = { ...rows[0], inactive: false, registered: true, roles: [{ ...participant, system: true }], updatedAt: rows[0].createdAt };
const asMe = (element: ReactNode) => <CurrentUserContext.Provider value={me}>{element}</CurrentUserContext.Provider>;
/** The page and its dialog routes, as the app's router lists them. */
const renderUsers = (path = '/users', viewer = CONFERENCE_ADMIN) =>
  renderPage(path, viewer, [{ path: 'users', element: asMe(<UsersPage />) }, ...USER_DIALOGS.map((dialog) => ({ path: `users/${dialog}`, element: asMe(<UsersPage dialog={dialog} />) }))]);

describe('Users page', () => {
  it('shows name, email, roles, status, conference, district and created date; sorts and filters on the server', async () => {
    const user = userEvent.setup();
    const server = usersServer();
    renderUsers();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Ada Brooks');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.slice(1).map((th) => th.textContent)).toEqual(['Name', 'Email', 'Roles', 'Status', 'Conference', 'District', 'Created']);
    expect(within(table).getByRole('link', { name: 'Ada Brooks' }).getAttribute('href')).toBe('/users/u1');
    expect(within(table).getByText('Participant, Advisor')).toBeTruthy();
    expect(within(table).getByText('Inactive')).toBeTruthy();
    expect(within(table).getAllByText('Foothills District')).toHaveLength(2);
    expect(within(table).getAllByText('3/4/2026')).toHaveLength(2);
    expect(within(table).queryByRole('button', { name: 'Roles' })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(server.to('/api/user/quickSearch').at(-1)!.query.get('orderBy[email]')).toBe('ASC'));
    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    await waitFor(() => expect(server.to('/api/user/quickSearch').at(-1)!.query.get('where[status]')).toBe('Inactive'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    await waitFor(() => expect(server.to('/api/user/quickSearch').at(-1)!.query.get('where[name]')).toBe('ada'), { timeout: 2000 });
  });

  it('Remove Role From Users offers only the roles the selected users hold, then removes it', async () => {
    const user = userEvent.setup();
    const server = usersServer();
    renderUsers();
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Select Ben Cole' }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove Role From Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Role From Users' });
    expect(within(dialog).getByText('Ben Cole')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Role' }));
    expect(await within(dialog).findByText('Role is required')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.keyboard('a');
    // Ada holds Advisor too, but only Ben is selected.
    const participantOption = await screen.findByRole('option', { name: 'Participant' });
    expect(screen.queryByRole('option', { name: 'Advisor' })).toBeNull();
    await user.click(participantOption);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Role' }));
    expect(await screen.findByText('Participant was removed from Ben Cole.')).toBeTruthy();
    expect(server.to('/api/role/roles', 'DELETE')[0].body).toEqual({ userIds: ['u2'], roleId: 'role-participant' });
  });

  it("Confirm User Deactivation refuses the viewer's own account, then deactivates another user", async () => {
    const user = userEvent.setup();
    const server = usersServer();
    renderUsers();
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Select Ada Brooks' }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate Users' }));
    const refused = await screen.findByRole('dialog', { name: 'Confirm User Deactivation' });
    expect(within(refused).getByText('Cannot deactivate your own account.')).toBeTruthy();
    // Nothing to confirm: no Deactivate button that would do nothing, OK alone.
    expect(within(refused).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    await user.click(within(refused).getByRole('button', { name: 'OK' }));
    expect(server.to('/api/admin/deactive-user')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/users'));

    // The selection outlives the dialog's route.
    const ada = within(table).getByRole('checkbox', { name: 'Select Ada Brooks' }) as HTMLInputElement;
    expect(ada.checked).toBe(true);
    await user.click(ada);
    await waitFor(() => expect(ada.checked).toBe(false));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Ben Cole' }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate Users' }));
    const question = await screen.findByRole('alertdialog', { name: 'Confirm User Deactivation' });
    await user.click(within(question).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Ben Cole deactivated.')).toBeTruthy();
    expect(server.to('/api/admin/deactive-user')[0].body).toEqual({ ids: ['u2'] });
  });

  it('Add User stays disabled until the form is valid for a conference admin; a superadmin may press it at once', async () => {
    const user = userEvent.setup();
    usersServer();
    renderUsers('/users/add-user');
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    const submit = within(dialog).getByRole('button', { name: 'Add User' });
    await waitFor(() => expect(submit.hasAttribute('disabled') || submit.getAttribute('aria-disabled') === 'true').toBe(true));
    await user.click(within(dialog).getByRole('textbox', { name: /First Name/ }));
    await user.tab();
    expect(await within(dialog).findByText('First Name is required')).toBeTruthy();
  });

  it("Add User (its own route) checks SPEC's messages, shows the server's field error, then adds the user", async () => {
    const user = userEvent.setup();
    const server = usersServer();
    renderUsers('/users', SUPERADMIN);
    await screen.findByText('Ada Brooks');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    expect(screen.getByTestId('path').textContent).toBe('/users/add-user');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    for (const message of ['First Name is required', 'Last Name is required', 'Email is required', 'Location is required']) expect(await within(dialog).findByText(message)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /First Name/ }), 'Nia');
    await user.type(within(dialog).getByRole('textbox', { name: /Last Name/ }), 'New');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'taken@example.org');
    await user.click(within(dialog).getByRole('combobox', { name: 'District' }));
    await user.keyboard('Foot');
    await user.click(await screen.findByRole('option', { name: /Foothills District/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('This email is already in use.')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: /Email/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'nia@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('Nia New was added and invited.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/users'));
    expect(server.to('/api/admin/sign-up-user').at(-1)!.body).toEqual({ firstName: 'Nia', lastName: 'New', email: 'nia@example.org', districtLocation: foothills.id, districtLocationType: 'District' });
  });

  it('Assign Role to Users opens on its own route and offers only the roles the server says the caller may give', async () => {
    const user = userEvent.setup();
    const server = usersServer();
    renderUsers();
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Select Ben Cole' }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assign Role to Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Role to Users' });
    expect(screen.getByTestId('path').textContent).toBe('/users/assign-role');
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.keyboard('m');
    await user.click(await screen.findByRole('option', { name: 'Mentor' }));
    expect(server.to('/api/role/assignable-roles').at(-1)!.body).toEqual({ userIds: ['u2'], name: 'm' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign Role' }));
    expect(await screen.findByText('Mentor was given to Ben Cole.')).toBeTruthy();
    expect(server.to('/api/role/roles', 'POST')[0].body).toEqual({ userIds: ['u2'], roleId: 'role-mentor' });
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/users'));
  });

  it('a selection dialog opened by link with nothing selected says so and acts on nobody', async () => {
    const user = userEvent.setup();
    const server = usersServer();
    renderUsers('/users/remove-role');
    const dialog = await screen.findByRole('dialog', { name: 'Remove Role From Users' });
    expect(within(dialog).getByText(/No users are selected/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/users'));
    expect(server.to('/api/role/roles')).toHaveLength(0);
  });

  it('Confirm Reinvite User, then Verification Email Sent with how many went out', async () => {
    const user = userEvent.setup();
    const server = usersServer();
    renderUsers();
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Select Ada Brooks' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Ben Cole' }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reinvite Users' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Reinvite User' });
    await user.click(within(confirm).getByRole('button', { name: 'Reinvite' }));
    const sent = await screen.findByRole('dialog', { name: 'Verification Email Sent' });
    expect(within(sent).getByText('An invitation email was sent.')).toBeTruthy();
    expect(server.to('/api/admin/reinvite-user')[0].body).toEqual({ ids: ['u1', 'u2'] });
    await user.click(within(sent).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/users'));
  });

  it('names up to five users, then gives a count', () => {
    const people = (n: number) => Array.from({ length: n }, (_, i) => ({ firstName: `F${i}`, lastName: 'L' }));
    expect(selectedUsersText(people(5))).toBe('F0 L, F1 L, F2 L, F3 L, F4 L');
    expect(selectedUsersText(people(6))).toBe('6 selected users');
  });

  it('has no axe violations', async () => {
    usersServer();
    const { container } = renderUsers();
    await screen.findByText('Ada Brooks');
    await expectNoAxeViolations(container);
  });
});
