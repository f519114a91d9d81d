import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../support/axe';
import { auditEntry } from '../../components/audit/audit-entries';
import { CONFERENCE_ADMIN, fakeServer, pageOfRows, renderAdmin } from './admin-harness';

afterEach(() => vi.unstubAllGlobals());

const ORGANISATION = 'GET /api/audit/organisation';
const conference = (id: string, name: string) => ({ id, kind: 'Conference' as const, name, active: true, parentName: 'Piedmont Area' });
const permission = (entity: 'Conference' | 'District', entityId: string, name: string, ancestorIds: string[]) => ({
  id: `p-${entityId}`,
  userId: 'viewer',
  entity,
  entityId,
  name,
  locationActive: true,
  active: true,
  primary: true,
  denial: false,
  ancestorIds,
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
});

/** Export > Download CSV, answered with a small file: the query it sent. */
async function exportCsv(user: ReturnType<typeof userEvent.setup>, server: ReturnType<typeof fakeServer>) {
  const original = URL.createObjectURL;
  URL.createObjectURL = () => 'blob:audit';
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  try {
    await user.click(screen.getByRole('button', { name: 'Export the audit trail' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download CSV' }));
    await screen.findByText(/^Downloaded audit/);
  } finally {
    URL.createObjectURL = original;
    click.mockRestore();
  }
  return Object.fromEntries(server.to('/api/audit/organisation/export').at(-1)!.query);
}
const EXPORT = 'GET /api/audit/organisation/export';
const exported = () => ({ kind: 'file', fileName: 'audit-loc-blue-ridge.csv', contentType: 'text/csv; charset=utf-8', base64: btoa('"at"\r\n'), rows: 0 });

describe('the Audit tab (the organisation page)', () => {
  it('a superadmin starts on System, picks a conference, filters by kind and dates, and the export carries the same filters', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [ORGANISATION]: (request) =>
        request.query.get('scopeId') === 'system'
          ? { data: [auditEntry(2, { chainKind: 'Role', recordId: 'r1', subject: 'Treasurer', action: 'role.created', kind: 'created', changes: [{ field: 'name', after: 'Treasurer' }] })], cursor: null }
          : { data: [auditEntry(1)], cursor: null },
      'GET /api/conference/quickSearch': () => pageOfRows([conference('loc-blue-ridge', 'Blue Ridge Conference')]),
      [EXPORT]: exported,
    });
    const view = renderAdmin('/admin/audit');
    const list = await screen.findByRole('list', { name: 'Audit trail' });
    expect(within(list).getByText('Role created')).toBeTruthy();
    expect(within(list).getByText('Treasurer', { selector: '.audit-record *, .audit-record' }).textContent).toContain('Treasurer');
    expect(server.to('/api/audit/organisation')[0].query.get('scopeId')).toBe('system');
    expect(await exportCsv(user, server)).toEqual({ scopeId: 'system', format: 'csv' });
    await expectNoAxeViolations(view.container);

    const scope = screen.getByRole('combobox', { name: 'Scope' });
    await user.clear(scope);
    await user.type(scope, 'blue');
    await user.click(await screen.findByRole('option', { name: /Blue Ridge Conference/ }));
    await waitFor(() => expect(server.to('/api/audit/organisation').at(-1)!.query.get('scopeId')).toBe('loc-blue-ridge'));
    expect(await screen.findByText('Tag added')).toBeTruthy();
    expect(screen.getByText('Person')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Tags');
    await user.click(screen.getAllByRole('spinbutton', { name: /month/i })[0]);
    await user.keyboard('11012026');
    await waitFor(() => expect(server.to('/api/audit/organisation').at(-1)!.query.get('from')).toBe('2026-11-01'));
    const last = server.to('/api/audit/organisation').at(-1)!.query;
    expect(Object.fromEntries(last)).toEqual({ scopeId: 'loc-blue-ridge', kind: 'tags', from: '2026-11-01' });
    expect(await exportCsv(user, server)).toEqual({ scopeId: 'loc-blue-ridge', kind: 'tags', from: '2026-11-01', format: 'csv' });
  });

  it('a conference admin reads the conferences they govern, not the ones they only sit in below', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/user/user-permissions': () => [
        permission('Conference', 'loc-blue-ridge', 'Blue Ridge Conference', ['loc-se', 'loc-piedmont', 'loc-blue-ridge']),
        permission('District', 'loc-foothills', 'Foothills District', ['loc-se', 'loc-piedmont', 'loc-blue-ridge', 'loc-foothills']),
      ],
      [ORGANISATION]: () => ({ data: [], cursor: null }),
    });
    renderAdmin('/admin/audit', CONFERENCE_ADMIN);
    expect(await screen.findByText('No history yet.')).toBeTruthy();
    expect(server.to('/api/audit/organisation')[0].query.get('scopeId')).toBe('loc-blue-ridge');
    const scope = screen.getByRole('combobox', { name: 'Scope' });
    await user.clear(scope);
    await user.type(scope, 'foot');
    expect(await screen.findByText('No options found.')).toBeTruthy();
    await user.clear(scope);
    await user.type(scope, 'ridge');
    // The list settles after the typed text's search: wait for its final options, not the first render.
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Blue Ridge Conference']));
  });

  it('someone who governs no conference is told so, and nothing is read', async () => {
    const server = fakeServer({ 'GET /api/user/user-permissions': () => [] });
    renderAdmin('/admin/audit', CONFERENCE_ADMIN);
    expect(await screen.findByText('You do not administer a conference, so there is no audit trail to show.')).toBeTruthy();
    expect(server.to('/api/audit/organisation')).toEqual([]);
  });
});
