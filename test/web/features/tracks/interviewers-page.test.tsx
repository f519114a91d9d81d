import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackOutline } from '../../../../shared/schemas/track';
import { CHAIR_MUST_BE_MEMBER, deleteGroupQuestion, NO_INTERVIEWERS_AVAILABLE, type UserGroupView } from '../../../../shared/schemas/user-group';
import InterviewersPage from '../../../../web/src/features/tracks/interviewers/InterviewersPage';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, pageOfRows, renderPage, type Viewer } from '../admin/admin-harness';

afterEach(() => vi.unstubAllGlobals());

const BLUE_RIDGE = { id: 'loc-blue-ridge', name: 'Blue Ridge Conference' };
const TRACK = {
  id: 't1', name: 'Candidacy', description: 'The path', conference: BLUE_RIDGE, disabled: false, originTrackTemplateId: null,
  instanceCount: 0, copyCount: 0, version: 1, createdAt: '2026-01-01T00:00:00.000Z', phases: [], canEdit: true,
} as unknown as TrackOutline;
const irene = { id: 'u-irene', firstName: 'Irene', lastName: 'Kowalski', email: 'irene@example.org' };
const omar = { id: 'u-omar', firstName: 'Omar', lastName: 'Haddad', email: 'omar@example.org' };
const group = (id: string, name: string, extra: Partial<UserGroupView> = {}): UserGroupView => ({
  id, name, description: `${name} description`, trackTemplateId: 't1', conference: BLUE_RIDGE, memberCount: 1, users: [irene], chair: null, version: 3, canManage: true, ...extra,
});
const INTERVIEWER: Viewer = { role: 'Interviewer', permissions: CONFERENCE_ADMIN.permissions };

const renderTab = (path: string, viewer: Viewer = CONFERENCE_ADMIN) => renderPage(path, viewer, { path: 'tracks/t1/interviewers/*', element: <InterviewersPage track={TRACK} /> });

/** The track's groups, changed by create, save and delete as the server would. */
function groupServer(initial: UserGroupView[], people = [irene, omar]) {
  let groups = initial;
  return fakeServer({
    'GET /api/user-group/quickSearch': () => pageOfRows(groups),
    'GET /api/user-group/{id}': (request) => groups.find((g) => request.path.endsWith(g.id)) ?? { status: 404, body: { message: 'Interview group not found.' } },
    'GET /api/conference/active-conferences': () => [{ ...BLUE_RIDGE, kind: 'Conference', active: true }],
    'GET /api/user/people-search': (request) => {
      const text = (request.query.get('text') ?? '').toLowerCase();
      const exclude = (request.query.get('exclude') ?? '').split(',');
      return people.filter((p) => p.firstName.toLowerCase().startsWith(text) && !exclude.includes(p.id));
    },
    'POST /api/user-group': (request) => {
      const body = request.body as { name: string; users: Array<{ id: string }> };
      const created = group('g-new', body.name, { users: [irene, omar].filter((p) => body.users.some((u) => u.id === p.id)), memberCount: body.users.length, version: 1 });
      groups = [...groups, created];
      return { status: 201, body: created };
    },
    'PATCH /api/user-group/{id}': (request) => {
      const body = request.body as { name: string; version: number; users: Array<{ id: string }>; chairId: string };
      const users = [irene, omar].filter((p) => body.users.some((u) => u.id === p.id));
      const saved = group('g1', body.name, { version: body.version + 1, users, memberCount: users.length, chair: users.find((p) => p.id === body.chairId) ?? null });
      groups = groups.map((g) => (g.id === 'g1' ? saved : g));
      return saved;
    },
    'DELETE /api/user-group/{id}': (request) => {
      groups = groups.filter((g) => !request.path.endsWith(g.id));
      return { status: 204 };
    },
  });
}

describe('Interviewer Groups tab', () => {
  it("shows the track's groups as cards: conference or 'No assigned location', interviewers linking to their profiles, Edit and Delete where allowed", async () => {
    groupServer([group('g1', 'Spring panel'), group('g2', 'Open panel', { conference: null, users: [], memberCount: 0, canManage: false })]);
    const { container } = renderTab('/tracks/t1/interviewers');
    const cards = await screen.findByRole('list', { name: 'Interview groups' });
    const spring = within(cards).getByRole('listitem', { name: 'Spring panel' });
    expect(within(spring).getByText('Blue Ridge Conference')).toBeTruthy();
    expect(within(spring).getByRole('link', { name: 'Irene Kowalski' }).getAttribute('href')).toBe('/users/u-irene');
    expect(within(spring).getByRole('button', { name: 'Edit Spring panel' })).toBeTruthy();
    const open = within(cards).getByRole('listitem', { name: 'Open panel' });
    expect(within(open).getByText('No assigned location')).toBeTruthy();
    expect(within(open).queryByRole('button', { name: 'Edit Open panel' })).toBeNull();
    expect(screen.getByRole('button', { name: '+ Group' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('says so when there are no groups, and a viewer who may not add groups gets no button', async () => {
    groupServer([]);
    renderTab('/tracks/t1/interviewers', INTERVIEWER);
    expect(await screen.findByText('No interview groups yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '+ Group' })).toBeNull();
  });

  it("'+ Group' opens Add Interview Group at /interviewers/add: no new interviewer until the last row is filled; blank rows are dropped on save", async () => {
    const user = userEvent.setup();
    const server = groupServer([]);
    renderTab('/tracks/t1/interviewers');
    await user.click(await screen.findByRole('button', { name: '+ Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Interview Group' });
    expect(screen.getByTestId('path').textContent).toBe('/tracks/t1/interviewers/add');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Autumn panel');
    // The track's conference is chosen already; the one empty row blocks a second.
    expect((within(dialog).getByRole('combobox', { name: /Conference/ }) as HTMLInputElement).value).toBe('Blue Ridge Conference');
    const addRow = within(dialog).getByRole('button', { name: 'Add Interviewer' });
    expect(addRow.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('combobox', { name: 'Interviewer 1' }), 'ir');
    await user.click(await screen.findByRole('option', { name: /Irene Kowalski/ }));
    await waitFor(() => expect(addRow.hasAttribute('disabled')).toBe(false));
    await user.click(addRow);
    expect(within(dialog).getByRole('combobox', { name: 'Interviewer 2' })).toBeTruthy();
    expect(addRow.hasAttribute('disabled')).toBe(true);
    // Irene is in the group already: the second row's search leaves her out.
    await user.type(within(dialog).getByRole('combobox', { name: 'Interviewer 2' }), 'o');
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/user/people-search' && r.query.get('exclude') === 'u-irene')).toBe(true));
    await screen.findByRole('option', { name: /Omar Haddad/ });
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/tracks/t1/interviewers'));
    const sent = server.requests.find((r) => r.method === 'POST' && r.path === '/api/user-group')!;
    expect(sent.body).toMatchObject({ trackTemplateId: 't1', name: 'Autumn panel', conferenceId: 'loc-blue-ridge', users: [{ id: 'u-irene' }] });
    expect(await screen.findByRole('listitem', { name: 'Autumn panel' })).toBeTruthy();
  });

  it('says when no interviewer of the conference matches', async () => {
    const user = userEvent.setup();
    groupServer([], []);
    renderTab('/tracks/t1/interviewers/add');
    const dialog = await screen.findByRole('dialog', { name: 'Add Interview Group' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Interviewer 1' }), 'zz');
    expect(await within(dialog).findByText(NO_INTERVIEWERS_AVAILABLE)).toBeTruthy();
  });

  it('Manage Interview Group at /interviewers/edit/{id} saves on the version read', async () => {
    const user = userEvent.setup();
    const server = groupServer([group('g1', 'Spring panel')]);
    renderTab('/tracks/t1/interviewers/edit/g1');
    const name = await screen.findByRole('textbox', { name: /Name/ });
    const dialog = screen.getByRole('dialog', { name: 'Manage Interview Group' });
    expect((within(dialog).getByRole('combobox', { name: 'Interviewer 1' }) as HTMLInputElement).value).toBe('Irene Kowalski');
    await expectNoAxeViolations(dialog);
    await user.clear(name);
    await user.type(name, 'Summer panel');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/tracks/t1/interviewers'));
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ name: 'Summer panel', version: 3, users: [{ id: 'u-irene' }], chairId: '' });
  });

  it("chooses the group's chair among its interviewers (issue 26): prefilled, sent as chairId, shown on the card, cleared when the chair leaves", async () => {
    const user = userEvent.setup();
    const server = groupServer([group('g1', 'Spring panel', { users: [irene, omar], memberCount: 2, chair: irene })]);
    renderTab('/tracks/t1/interviewers');
    const card = await screen.findByRole('listitem', { name: 'Spring panel' });
    expect(within(card).getByText('Chair: Irene Kowalski')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Edit Spring panel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Interview Group' });
    const chair = within(dialog).getByLabelText('Chair') as HTMLSelectElement;
    expect(chair.value).toBe('u-irene');
    expect([...chair.options].map((option) => option.textContent)).toEqual(['No chair', 'Irene Kowalski', 'Omar Haddad']);
    await expectNoAxeViolations(dialog);

    // Irene leaves the group: she is no longer offered, nor the chair.
    await user.click(within(dialog).getByRole('button', { name: 'Remove Interviewer 1' }));
    expect(chair.value).toBe('');
    expect([...chair.options].map((option) => option.textContent)).toEqual(['No chair', 'Omar Haddad']);
    await user.selectOptions(chair, 'Omar Haddad');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/tracks/t1/interviewers'));
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ users: [{ id: 'u-omar' }], chairId: 'u-omar' });
    expect(await screen.findByText('Chair: Omar Haddad')).toBeTruthy();
  });

  it("shows the server's message under Chair", async () => {
    const user = userEvent.setup();
    const spring = group('g1', 'Spring panel', { chair: irene });
    fakeServer({
      'GET /api/user-group/quickSearch': () => pageOfRows([spring]),
      'GET /api/user-group/{id}': () => spring,
      'PATCH /api/user-group/{id}': () => ({ status: 400, body: { message: 'Bad Request', fieldErrors: { chairId: [CHAIR_MUST_BE_MEMBER] } } }),
    });
    renderTab('/tracks/t1/interviewers/edit/g1');
    await screen.findByRole('textbox', { name: /Name/ });
    const dialog = screen.getByRole('dialog', { name: 'Manage Interview Group' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CHAIR_MUST_BE_MEMBER)).toBeTruthy();
    expect(within(dialog).getByLabelText('Chair').getAttribute('aria-invalid')).toBe('true');
  });

  it("Delete asks SPEC's question; Cancel keeps the group, Delete removes it", async () => {
    const user = userEvent.setup();
    const server = groupServer([group('g1', 'Spring panel')]);
    renderTab('/tracks/t1/interviewers');
    await user.click(await screen.findByRole('button', { name: 'Delete Spring panel' }));
    let question = await screen.findByRole('alertdialog', { name: 'Delete Group' });
    expect(within(question).getByText(deleteGroupQuestion('Spring panel'))).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Spring panel' }));
    question = await screen.findByRole('alertdialog', { name: 'Delete Group' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No interview groups yet.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/user-group/g1')).toBe(true);
  });
});
