import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, pageOfRows, renderAdmin, type SentRequest } from './admin-harness';

const churches = [
  { id: 'c1', kind: 'Church', name: 'Grace Chapel', active: true, parentId: 'd1', parentName: 'Foothills District' },
  { id: 'c2', kind: 'Church', name: 'Old Mill Church', active: false, parentId: 'd1', parentName: 'Foothills District' },
];
const districts = [
  { id: 'd1', kind: 'District', name: 'Foothills District', active: true, parentId: 'x', parentName: 'Blue Ridge Conference' },
  { id: 'd2', kind: 'District', name: 'Ridge District', active: true, parentId: 'x', parentName: 'Blue Ridge Conference' },
];

const location = (overrides: Record<string, unknown> = {}) => ({
  id: 'c1', kind: 'Church', name: 'Grace Chapel', active: true, version: 3, parent: { id: 'd1', kind: 'District', name: 'Foothills District' },
  ancestorIds: ['j', 'a', 'x', 'd1', 'c1'], createdAt: '2024-01-01T00:00:00Z', ...overrides,
});

const last = (requests: SentRequest[]) => requests[requests.length - 1];
const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((th) => th.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('location tabs', () => {
  it('churches: name and district columns, an Inactive badge, and the first page asked with the defaults', async () => {
    const server = fakeServer({ 'GET /api/church/quickSearch': () => pageOfRows(churches, 2) });
    renderAdmin('/admin/churches');
    const table = await screen.findByRole('table', { name: 'Churches' });
    await within(table).findByText('Grace Chapel');
    expect(headers(table)).toEqual(['Name', 'District', 'Actions']);
    const inactiveRow = within(table).getByText('Old Mill Church').closest('tr')!;
    expect(within(inactiveRow).getByText('Inactive')).toBeTruthy();
    const query = server.to('/api/church/quickSearch')[0].query;
    expect(Object.fromEntries(query)).toEqual({ limit: '10', offset: '0', 'where[active]': 'true' });
  });

  it('episcopal areas list their conferences comma-joined, in a column that does not sort', async () => {
    fakeServer({
      'GET /api/episcopal-area/quickSearch': () =>
        pageOfRows([{ id: 'a1', kind: 'EpiscopalArea', name: 'Piedmont Area', active: true, parentName: 'Southeastern', conferences: ['Blue Ridge Conference', 'Tidewater Conference'] }]),
    });
    renderAdmin('/admin/episcopal-areas');
    const table = await screen.findByRole('table', { name: 'Episcopal Areas' });
    expect(await within(table).findByText('Blue Ridge Conference, Tidewater Conference')).toBeTruthy();
    expect(headers(table)).toEqual(['Name', 'Jurisdiction', 'Conferences', 'Actions']);
    expect(within(table).queryByRole('button', { name: 'Conferences' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Jurisdiction' })).toBeTruthy();
  });

  it('jurisdictions: one name column that does not sort, and no parent filter', async () => {
    fakeServer({ 'GET /api/jurisdiction/quickSearch': () => pageOfRows([{ id: 'j1', kind: 'Jurisdiction', name: 'Southeastern', active: true }]) });
    renderAdmin('/admin/jurisdictions');
    const table = await screen.findByRole('table', { name: 'Jurisdictions' });
    await within(table).findByText('Southeastern');
    expect(headers(table)).toEqual(['Name', 'Actions']);
    expect(within(table).queryByRole('button', { name: 'Name' })).toBeNull();
    // The only drop-down is the pager's page size: no parent filter.
    expect(screen.getAllByRole('combobox').map((box) => box.tagName)).toEqual(['SELECT']);
  });

  it('Add Jurisdiction asks for a name only and sends no parent', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/jurisdiction/quickSearch': () => pageOfRows([{ id: 'j1', kind: 'Jurisdiction', name: 'Southeastern', active: true }]),
      'POST /api/jurisdiction': () => ({ status: 201, body: location({ id: 'j2', kind: 'Jurisdiction', name: 'Western', parent: null, ancestorIds: ['j2'] }) }),
    });
    renderAdmin('/admin/jurisdictions');
    await screen.findByText('Southeastern');
    await user.click(screen.getByRole('button', { name: 'Add Jurisdiction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Jurisdiction' });
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Western ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Jurisdiction Western was added.')).toBeTruthy();
    expect(last(server.to('/api/jurisdiction', 'POST')).body).toEqual({ name: 'Western' });
  });

  it('sorting, search and both filters reach quickSearch', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ 'GET /api/church/quickSearch': () => pageOfRows(churches, 2), 'GET /api/district/quickSearch': () => pageOfRows(districts) });
    renderAdmin('/admin/churches');
    const table = await screen.findByRole('table', { name: 'Churches' });
    await within(table).findByText('Grace Chapel');
    const sent = () => Object.fromEntries(last(server.to('/api/church/quickSearch')).query);

    await user.click(within(table).getByRole('button', { name: 'District' }));
    await waitFor(() => expect(sent()['orderBy[parentName]']).toBe('ASC'));
    await user.click(within(table).getByRole('button', { name: 'District' }));
    await waitFor(() => expect(sent()['orderBy[parentName]']).toBe('DESC'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'grace');
    await waitFor(() => expect(sent()['where[name]']).toBe('grace'), { timeout: 2000 });
    expect(sent().offset).toBe('0');

    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    await waitFor(() => expect(sent()['where[active]']).toBe('false'));

    await user.click(screen.getByRole('combobox', { name: 'District' }));
    await user.keyboard('Foot');
    await user.click(await screen.findByRole('option', { name: /Foothills District/ }));
    await waitFor(() => expect(sent()['where[parentId]']).toBe('d1'));
    expect(Object.fromEntries(last(server.to('/api/district/quickSearch')).query)['where[name]']).toBe('Foot');
    expect(sent()).toMatchObject({ 'orderBy[parentName]': 'DESC', 'where[name]': 'grace', 'where[active]': 'false' });
  });

  it("shows 'No results' for an empty page", async () => {
    fakeServer({ 'GET /api/district/quickSearch': () => pageOfRows([]) });
    renderAdmin('/admin/districts');
    expect(await screen.findByText('No results')).toBeTruthy();
  });

  it('Add validates, shows server field errors, then creates, confirms and reloads', async () => {
    const user = userEvent.setup();
    let creates = 0;
    const server = fakeServer({
      'GET /api/church/quickSearch': () => pageOfRows(churches),
      'GET /api/district/quickSearch': () => pageOfRows(districts),
      'POST /api/church': (request) => {
        creates += 1;
        if (creates === 1) return { status: 400, body: { message: 'Bad Request', fieldErrors: { name: ['Name must be at most 120 characters.'] } } };
        return { status: 201, body: location({ id: 'c9', name: (request.body as { name: string }).name }) };
      },
    });
    renderAdmin('/admin/churches');
    await screen.findByText('Grace Chapel');
    await user.click(screen.getByRole('button', { name: 'Add Church' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Church' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required.')).toBeTruthy();
    expect(within(dialog).getByText('Location is required')).toBeTruthy();
    expect(server.to('/api/church', 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'New Hope');
    await user.click(within(dialog).getByRole('combobox', { name: /District/ }));
    await user.keyboard('Foot');
    await user.click(await screen.findByRole('option', { name: /Foothills District/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name must be at most 120 characters.')).toBeTruthy();

    const loadsBefore = server.to('/api/church/quickSearch').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Church New Hope was added.')).toBeTruthy();
    expect(last(server.to('/api/church', 'POST')).body).toEqual({ name: 'New Hope', parentId: 'd1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to('/api/church/quickSearch').length).toBeGreaterThan(loadsBefore);
  });

  it('Edit reads the location and sends its version; a 409 says the item changed', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/church/quickSearch': () => pageOfRows(churches),
      'GET /api/church/c1': () => location(),
      'PATCH /api/church/c1': () => ({ status: 409, body: { message: 'Conflict' } }),
    });
    renderAdmin('/admin/churches');
    await user.click(await screen.findByRole('button', { name: 'Actions for Grace Chapel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Church' });
    const name = await within(dialog).findByRole('textbox', { name: /Name/ });
    expect((name as HTMLInputElement).value).toBe('Grace Chapel');
    expect((within(dialog).getByRole('combobox', { name: /District/ }) as HTMLInputElement).value).toBe('Foothills District');
    await user.clear(name);
    await user.type(name, 'Grace Chapel East');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This item was changed by someone else. Reload it and try again.')).toBeTruthy();
    expect(last(server.to('/api/church/c1', 'PATCH')).body).toEqual({ name: 'Grace Chapel East', version: 3 });
    // A superadmin's unconditioned grant settles the dialog's gate without asking for hierarchies.
    expect(server.to('/api/user/permission-hierarchy')).toHaveLength(0);
  });

  it('Edit moves a church to another district: the parent is required, the move job is followed, then the table reloads', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/church/quickSearch': () => pageOfRows(churches),
      'GET /api/district/quickSearch': () => pageOfRows(districts),
      'GET /api/church/c1': () => location(),
      'PATCH /api/church/c1': () => location({ version: 4, parent: { id: 'd2', kind: 'District', name: 'Ridge District' }, jobId: 'job-7' }),
      'GET /api/job/job-7': () => ({
        id: 'job-7', kind: 'location.move', title: 'Moving Grace Chapel to Ridge District', status: 'succeeded', done: 4, total: 4,
        createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z',
      }),
    });
    renderAdmin('/admin/churches');
    await user.click(await screen.findByRole('button', { name: 'Actions for Grace Chapel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Church' });
    const picker = await within(dialog).findByRole('combobox', { name: /District/ });
    await user.clear(picker);
    await user.tab();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Location is required')).toBeTruthy();
    expect(server.to('/api/church/c1', 'PATCH')).toHaveLength(0);

    await user.click(picker);
    await user.keyboard('Ridge');
    await user.click(await screen.findByRole('option', { name: /Ridge District/ }));
    const loadsBefore = server.to('/api/church/quickSearch').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Church Grace Chapel was saved.')).toBeTruthy();
    expect(await screen.findByText('Moving Grace Chapel to Ridge District: done.')).toBeTruthy();
    expect(last(server.to('/api/church/c1', 'PATCH')).body).toEqual({ name: 'Grace Chapel', version: 3, parentId: 'd2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(server.to('/api/church/quickSearch').length).toBeGreaterThan(loadsBefore));
  });

  it('Deactivate asks first, then deactivates and reloads; inactive rows offer Reactivate', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/church/quickSearch': () => pageOfRows(churches),
      'DELETE /api/church/c1': () => location({ active: false }),
    });
    renderAdmin('/admin/churches');
    await user.click(await screen.findByRole('button', { name: 'Actions for Old Mill Church' }));
    expect(screen.getByRole('menuitem', { name: 'Reactivate' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Deactivate' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for Grace Chapel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Church' });
    expect(within(confirm).getByText(/Are you sure you want to deactivate Grace Chapel\?/)).toBeTruthy();
    expect(server.to('/api/church/c1', 'DELETE')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Grace Chapel was deactivated.')).toBeTruthy();
    expect(server.to('/api/church/c1', 'DELETE')).toHaveLength(1);
  });

  it('Reactivate reads the current version and sends it with active: true', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/church/quickSearch': () => pageOfRows(churches),
      'GET /api/church/c2': () => location({ id: 'c2', name: 'Old Mill Church', active: false, version: 7 }),
      'PATCH /api/church/c2': () => location({ id: 'c2', name: 'Old Mill Church', active: true, version: 8 }),
    });
    renderAdmin('/admin/churches');
    await user.click(await screen.findByRole('button', { name: 'Actions for Old Mill Church' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reactivate' }));
    expect(await screen.findByText('Old Mill Church was reactivated.')).toBeTruthy();
    expect(last(server.to('/api/church/c2', 'PATCH')).body).toEqual({ version: 7, active: true });
  });

  it('the edit dialog checks the location itself: out of scope, the form is refused', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/church/quickSearch': () => pageOfRows(churches),
      'GET /api/church/c1': () => location(),
      'GET /api/role/hierarchy/Church/c1': () => [
        { entity: 'Conference', id: 'loc-other', ancestorIds: ['loc-se', 'loc-piedmont', 'loc-other'] },
        { entity: 'Church', id: 'c1', ancestorIds: ['loc-se', 'loc-piedmont', 'loc-other', 'c1'] },
      ],
      'GET /api/user/permission-hierarchy': () => CONFERENCE_ADMIN.permissions,
    });
    renderAdmin('/admin/churches', CONFERENCE_ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Actions for Grace Chapel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Church' });
    expect(await within(dialog).findByText('You cannot update Church.')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });

  it('the edit dialog shows the form for a location in the caller scope', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/church/quickSearch': () => pageOfRows(churches),
      'GET /api/church/c1': () => location(),
      'GET /api/role/hierarchy/Church/c1': () => [
        { entity: 'Conference', id: 'loc-blue-ridge', ancestorIds: ['loc-se', 'loc-piedmont', 'loc-blue-ridge'] },
        { entity: 'District', id: 'd1', ancestorIds: ['loc-se', 'loc-piedmont', 'loc-blue-ridge', 'd1'] },
        { entity: 'Church', id: 'c1', ancestorIds: ['loc-se', 'loc-piedmont', 'loc-blue-ridge', 'd1', 'c1'] },
      ],
      'GET /api/user/permission-hierarchy': () => CONFERENCE_ADMIN.permissions,
    });
    renderAdmin('/admin/churches', CONFERENCE_ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Actions for Grace Chapel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Church' });
    expect(await within(dialog).findByRole('textbox', { name: /Name/ })).toBeTruthy();
  });

  it('the add dialog has no axe violations', async () => {
    const user = userEvent.setup();
    fakeServer({ 'GET /api/church/quickSearch': () => pageOfRows(churches) });
    renderAdmin('/admin/churches');
    await screen.findByText('Grace Chapel');
    await user.click(screen.getByRole('button', { name: 'Add Church' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Church' });
    await expectNoAxeViolations(dialog);
  });
});
