import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer, pageOfRows, renderAdmin, type SentRequest } from './admin-harness';

const conferenceAdmin = {
  id: 'role-conference-admin', name: 'ConferenceAdmin', label: 'Conference Admin', system: true, version: 1,
  policies: [{ actions: ['create', 'read'], subjects: ['Conference', 'TrackTemplate'] }],
};
const reviewer = { id: 'r-reviewer', name: 'Reviewer', label: 'Reviewer', system: false, version: 4, policies: [{ actions: ['read'], subjects: ['User'] }] };

const last = (requests: SentRequest[]) => requests[requests.length - 1];

afterEach(() => vi.unstubAllGlobals());

async function openRolesTab() {
  const user = userEvent.setup();
  const server = fakeServer({
    'GET /api/role/quickSearch': () => pageOfRows([conferenceAdmin, reviewer]),
    'POST /api/role': (request) => ({ status: 201, body: { ...reviewer, id: 'r-new', ...(request.body as object) } }),
    'PATCH /api/role/r-reviewer': (request) => ({ ...reviewer, ...(request.body as object), version: 5 }),
    'DELETE /api/role/r-reviewer': () => ({ status: 204 }),
  });
  renderAdmin('/admin/roles');
  const table = await screen.findByRole('table', { name: 'Roles' });
  await within(table).findByText('Reviewer');
  return { user, server, table };
}

describe('Roles tab', () => {
  it('lists roles with their label, System/Custom badge and policy summary; sorting and search reach the server', async () => {
    const { user, server, table } = await openRolesTab();
    const systemRow = within(table).getByText('Conference Admin').closest('tr')!;
    expect(within(systemRow).getByText('ConferenceAdmin')).toBeTruthy();
    expect(within(systemRow).getByText('System')).toBeTruthy();
    expect(within(systemRow).getByText('create, read: Conference, Track')).toBeTruthy();
    expect(within(within(table).getByText('Reviewer').closest('tr')!).getByText('Custom')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(last(server.to('/api/role/quickSearch')).query.get('orderBy[name]')).toBe('ASC'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'rev');
    await waitFor(() => expect(last(server.to('/api/role/quickSearch')).query.get('where[name]')).toBe('rev'), { timeout: 2000 });
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await waitFor(() => expect(last(server.to('/api/role/quickSearch')).query.get('where[system]')).toBe('false'));
  });

  it('system roles cannot be edited or deleted, and say why', async () => {
    const { table } = await openRolesTab();
    const edit = within(table).getByRole('button', { name: 'Edit Conference Admin' });
    const remove = within(table).getByRole('button', { name: 'Delete Conference Admin' });
    expect(edit.hasAttribute('disabled')).toBe(true);
    expect(remove.hasAttribute('disabled')).toBe(true);
    const note = document.getElementById(edit.getAttribute('aria-describedby')!)!;
    expect(note.textContent).toBe('System roles cannot be edited or deleted.');
    expect(within(table).getByRole('button', { name: 'Edit Reviewer' }).hasAttribute('disabled')).toBe(false);
  });

  it('the Role Editor says what is missing and sends nothing until the role is complete', async () => {
    const { user, server } = await openRolesTab();
    await user.click(screen.getByRole('button', { name: 'Add Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role Editor' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required.')).toBeTruthy();
    expect(within(dialog).getByText('Select at least one action.')).toBeTruthy();
    expect(within(dialog).getByText('Select at least one subject.')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Treasurer');
    const policy1 = within(dialog).getByRole('group', { name: 'Policy 1' });
    await user.click(within(policy1).getByRole('checkbox', { name: 'Read' }));
    expect(within(dialog).queryByText('Name is required.')).toBeNull();
    expect(within(dialog).queryByText('Select at least one action.')).toBeNull();
    expect(within(dialog).getByText('Select at least one subject.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '+ Add Policy' }));
    const policy2 = within(dialog).getByRole('group', { name: 'Policy 2' });
    expect(within(policy2).getByText('Select at least one action.')).toBeTruthy();
    expect(server.to('/api/role', 'POST')).toHaveLength(0);
  });

  it('creates a role with policies picked from the subject tree, by keyboard too', async () => {
    const { user, server } = await openRolesTab();
    await user.click(screen.getByRole('button', { name: 'Add Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role Editor' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Treasurer');
    const policy1 = within(dialog).getByRole('group', { name: 'Policy 1' });
    await user.click(within(policy1).getByRole('checkbox', { name: 'Update' }));
    await user.click(within(policy1).getByRole('checkbox', { name: 'Read' }));
    const subjects = within(policy1).getByRole('group', { name: 'Subjects' });
    within(subjects).getByRole('checkbox', { name: 'Conference' }).focus();
    await user.keyboard(' ');
    await user.tab();
    expect(document.activeElement).toBe(within(subjects).getByRole('checkbox', { name: 'District' }));
    await user.keyboard(' ');

    await user.click(within(dialog).getByRole('button', { name: '+ Add Policy' }));
    const policy2 = within(dialog).getByRole('group', { name: 'Policy 2' });
    await user.click(within(policy2).getByRole('checkbox', { name: 'Create' }));
    await user.click(within(policy2).getByRole('checkbox', { name: 'Form' }));
    await user.click(within(dialog).getByRole('button', { name: '+ Add Policy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove policy 3' }));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The Treasurer role was added.')).toBeTruthy();
    expect(last(server.to('/api/role', 'POST')).body).toEqual({
      name: 'Treasurer',
      policies: [
        { actions: ['read', 'update'], subjects: ['Conference', 'District'] },
        { actions: ['create'], subjects: ['FormTemplate'] },
      ],
    });
  });

  it('editing a custom role starts from its policies and sends its version', async () => {
    const { user, server, table } = await openRolesTab();
    await user.click(within(table).getByRole('button', { name: 'Edit Reviewer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role Editor' });
    const policy1 = within(dialog).getByRole('group', { name: 'Policy 1' });
    expect((within(policy1).getByRole('checkbox', { name: 'Read' }) as HTMLInputElement).checked).toBe(true);
    expect((within(policy1).getByRole('checkbox', { name: 'User' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(policy1).getByRole('checkbox', { name: 'Comment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The Reviewer role was saved.');
    expect(last(server.to('/api/role/r-reviewer', 'PATCH')).body).toEqual({ name: 'Reviewer', policies: [{ actions: ['read'], subjects: ['User', 'Comment'] }], version: 4 });
  });

  it("Delete asks 'Confirm Delete' with the role's name, then deletes and reloads", async () => {
    const { user, server, table } = await openRolesTab();
    await user.click(within(table).getByRole('button', { name: 'Delete Reviewer' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    expect(within(confirm).getByText('Are you sure you want to delete the Reviewer role?')).toBeTruthy();
    const loads = server.to('/api/role/quickSearch').length;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The Reviewer role was deleted.')).toBeTruthy();
    expect(server.to('/api/role/r-reviewer', 'DELETE')).toHaveLength(1);
    expect(server.to('/api/role/quickSearch').length).toBeGreaterThan(loads);
  });

  it('the tab and the Role Editor have no axe violations', async () => {
    const { user } = await openRolesTab();
    await expectNoAxeViolations(screen.getByRole('main'));
    await user.click(screen.getByRole('button', { name: 'Add Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role Editor' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectNoAxeViolations(dialog);
  });
});
