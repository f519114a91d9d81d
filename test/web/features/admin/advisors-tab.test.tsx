import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer, pageOfRows, renderAdmin } from './admin-harness';

const advisors = [
  { id: 'u1', firstName: 'Ada', lastName: 'Brooks', email: 'ada@example.org' },
  { id: 'u2', firstName: 'Ben', lastName: 'Cole', email: 'ben@example.org' },
];

afterEach(() => vi.unstubAllGlobals());

function advisorServer(systemRoles = [{ id: 'role-advisor', name: 'Advisor', label: 'Advisor', system: true, version: 1, policies: [] }]) {
  return fakeServer({
    'GET /api/user/advisors': () => pageOfRows(advisors, 2),
    'GET /api/role/system': () => systemRoles,
    'DELETE /api/role/roles': (request) => ({ ...(request.body as object), menteesRemoved: 0, advisorAssignmentsRemoved: 1 }),
  });
}

describe('Advisors tab', () => {
  it('shows checkbox, first name, last name and email; names link to the profile; only last name sorts', async () => {
    const user = userEvent.setup();
    const server = advisorServer();
    renderAdmin('/admin/advisors');
    const table = await screen.findByRole('table', { name: 'Advisors' });
    await within(table).findByText('Ada');
    const headers = within(table).getAllByRole('columnheader');
    expect(within(headers[0]).getByRole('checkbox', { name: 'Select all rows on this page' })).toBeTruthy();
    expect(headers.slice(1).map((th) => th.textContent)).toEqual(['First Name', 'Last Name', 'Email']);
    expect(within(table).getByRole('link', { name: 'Ada' }).getAttribute('href')).toBe('/users/u1');
    expect(within(table).getByRole('link', { name: 'Brooks' }).getAttribute('href')).toBe('/users/u1');
    expect(within(table).queryByRole('button', { name: 'First Name' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Email' })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Last Name' }));
    await waitFor(() => expect(server.to('/api/user/advisors').at(-1)!.query.get('orderBy[lastName]')).toBe('ASC'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    await waitFor(() => expect(server.to('/api/user/advisors').at(-1)!.query.get('where[name]')).toBe('ada'), { timeout: 2000 });

    await user.click(within(table).getByRole('link', { name: 'Ben' }));
    expect(await screen.findByText('Profile page')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/users/u2');
  });

  it('Remove Role From Users needs a selection, asks first, then removes the Advisor role and reloads', async () => {
    const user = userEvent.setup();
    const server = advisorServer();
    renderAdmin('/admin/advisors');
    const table = await screen.findByRole('table', { name: 'Advisors' });
    await within(table).findByText('Ada');
    const removeButton = screen.getByRole('button', { name: 'Remove Role From Users' });
    expect(removeButton.hasAttribute('disabled')).toBe(true);

    await user.click(within(table).getByRole('checkbox', { name: 'Select Ada Brooks' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Ben Cole' }));
    await user.click(removeButton);
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Role From Users' });
    expect(within(confirm).getByText(/Remove the Advisor role from 2 selected users\?/)).toBeTruthy();
    expect(server.to('/api/role/roles')).toHaveLength(0);
    const loads = server.to('/api/user/advisors').length;
    await user.click(within(confirm).getByRole('button', { name: 'Remove Role' }));
    expect(await screen.findByText('The Advisor role was removed from 2 selected users.')).toBeTruthy();
    expect(server.to('/api/role/roles', 'DELETE')[0].body).toEqual({ userIds: ['u1', 'u2'], roleId: 'role-advisor' });
    await waitFor(() => expect(server.to('/api/user/advisors').length).toBeGreaterThan(loads));
  });

  it('without an Advisor system role it says so and removes nothing', async () => {
    const user = userEvent.setup();
    const server = advisorServer([]);
    renderAdmin('/admin/advisors');
    const table = await screen.findByRole('table', { name: 'Advisors' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Select Ada Brooks' }));
    await user.click(screen.getByRole('button', { name: 'Remove Role From Users' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove Role' }));
    expect(await screen.findByText('System role error has occurred, please try again later.')).toBeTruthy();
    expect(server.to('/api/role/roles')).toHaveLength(0);
  });

  it('has no axe violations', async () => {
    advisorServer();
    const { container } = renderAdmin('/admin/advisors');
    await screen.findByText('Ada');
    await expectNoAxeViolations(container);
  });
});
