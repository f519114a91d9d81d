import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryPanel } from '../../../../web/src/components/audit/HistoryPanel';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage, type Handlers } from '../../features/admin/admin-harness';
import { auditEntry, entryId } from './audit-entries';

afterEach(() => vi.unstubAllGlobals());

const HISTORY = 'GET /api/audit/history/User/u-priya';

function renderHistory(handlers: Handlers) {
  const server = fakeServer(handlers);
  const view = renderPage('/history', CONFERENCE_ADMIN, { path: 'history', element: <HistoryPanel chainKind="User" recordId="u-priya" /> });
  return { server, view, history: () => server.to('/api/audit/history/User/u-priya') };
}

const entries = () => within(screen.getByRole('list', { name: 'History' })).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('HistoryPanel', () => {
  it('shows each entry newest first: what, its kind, when, who, and each field before and after; a private value only as changed', async () => {
    const { view } = renderHistory({
      [HISTORY]: () => ({
        data: [
          auditEntry(3, { action: 'user.profile.updated', kind: 'profile', changes: [{ field: 'title', before: 'Ms.', after: 'Rev.' }, { field: 'dateOfBirth', changed: true, before: '1990-04-01' }] }),
          auditEntry(2, { action: 'user.role.removed', kind: 'roles', changes: [{ field: 'role', before: 'Mentor' }], actorId: 'job:j1', onBehalfOf: 'u-sam', actorName: 'Sam Okafor' }),
          auditEntry(1, { action: 'track.phase.reordered', kind: 'phases', changes: [] }),
        ],
        cursor: null,
      }),
    });
    await screen.findByRole('list', { name: 'History' });
    expect(entries()).toEqual(['Profile details changed', 'Role removed', 'Track phase reordered']);
    const [profile, role] = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem').filter((item) => item.classList.contains('audit-entry'));
    expect(within(profile).getByText('Profile')).toBeTruthy();
    expect(within(profile).getByText('By Carmen Delgado')).toBeTruthy();
    expect(profile.querySelector('time')?.getAttribute('dateTime')).toBe(auditEntry(3).at);
    const changes = within(profile).getByRole('list', { name: 'Changes' });
    expect(changes.textContent).toContain('Title: Ms. → changed to Rev.');
    expect(changes.textContent).toContain('Date of birth: changed');
    // Never a private value, even one a server sent by mistake.
    expect(profile.textContent).not.toContain('1990');
    expect(within(role).getByText('A background job on behalf of Sam Okafor')).toBeTruthy();
    expect(within(role).getByRole('list', { name: 'Changes' }).textContent).toBe('Role: Mentor (removed)');
    await expectNoAxeViolations(view.container);
  });

  it('filters by kind and author on the server, the authors being those seen so far', async () => {
    const user = userEvent.setup();
    const { history } = renderHistory({
      [HISTORY]: (request) => {
        const [kind, author] = [request.query.get('kind'), request.query.get('author')];
        const all = [auditEntry(2, { action: 'user.role.assigned', kind: 'roles' }), auditEntry(1, { actorId: 'u-sam', actorName: 'Sam Okafor' })];
        return { data: all.filter((entry) => (!kind || entry.kind === kind) && (!author || entry.actorId === author)), cursor: null };
      },
    });
    await screen.findByRole('list', { name: 'History' });
    expect(history()[0].query.get('kind')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Roles');
    await waitFor(() => expect(entries()).toEqual(['Role assigned']));
    expect(history().at(-1)!.query.get('kind')).toBe('roles');

    await user.click(screen.getByRole('combobox', { name: 'Author' }));
    await user.keyboard('sam');
    await user.click(await screen.findByRole('option', { name: 'Sam Okafor' }));
    await waitFor(() => expect(history().at(-1)!.query.get('author')).toBe('u-sam'));
    expect(history().at(-1)!.query.get('kind')).toBe('roles');
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
  });

  it('loads older pages from the cursor and moves the focus to the first entry it brought', async () => {
    const user = userEvent.setup();
    const { history } = renderHistory({
      [HISTORY]: (request) =>
        request.query.get('cursor') === entryId(9)
          ? { data: [auditEntry(8, { action: 'user.alias.added', kind: 'aliases' })], cursor: null }
          : { data: [auditEntry(10), auditEntry(9, { action: 'user.tag.removed' })], cursor: entryId(9) },
    });
    await screen.findByRole('list', { name: 'History' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toEqual(['Tag added', 'Tag removed', 'Alias added']));
    expect(history().map((request) => request.query.get('cursor'))).toEqual([null, entryId(9)]);
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Alias added'));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there is no history yet', async () => {
    renderHistory({ [HISTORY]: () => ({ data: [], cursor: null }) });
    expect(await screen.findByText('No history yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a record without a History (its kind not recorded yet: 404) says so, without an error', async () => {
    renderHistory({ [HISTORY]: () => ({ status: 404, body: { message: 'Not Found' } }) });
    expect(await screen.findByText('There is no history to show for this record.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [403, 'You do not have permission to read this history.'],
    [500, 'Internal Server Error'],
  ])('a %s reads as a message, not a broken page', async (status, message) => {
    renderHistory({ [HISTORY]: () => ({ status, body: { message: 'x' } }) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The history could not be loaded.');
    expect(alert.textContent).toContain(message);
  });
});
