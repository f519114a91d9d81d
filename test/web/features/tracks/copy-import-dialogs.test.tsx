import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrackCopyDialog } from '../../../../web/src/features/tracks/TrackCopyDialog';
import { ImportPhaseDialog } from '../../../../web/src/features/tracks/ImportPhaseDialog';
import { CreateTrackDialog } from '../../../../web/src/features/tracks/CreateTrackDialog';
import { CONFERENCE_ADMIN, fakeServer, pageOfRows, renderPage, SUPERADMIN, type SentRequest } from '../admin/admin-harness';
import { expectNoAxeViolations } from '../../../support/axe';

afterEach(() => vi.unstubAllGlobals());

const NOW = '2026-11-23T12:00:00.000Z';
const conference = { id: 'loc-blue-ridge', kind: 'Conference' as const, name: 'Blue Ridge Conference', active: true };
const prairie = { id: 'loc-prairie', kind: 'Conference' as const, name: 'Prairie Rivers Conference', active: true };

/**
 * The conference search as the server answers it (conference/quickSearch): names with a word
 * starting with `where[name]`, at most `limit`. The pickers never load every conference.
 */
const conferenceSearch =
  (rows = [conference]) =>
  (request: SentRequest) => {
    const text = (request.query.get('where[name]') ?? '').toLowerCase();
    const matching = rows.filter((row) => row.name.toLowerCase().split(' ').some((word) => word.startsWith(text)));
    return pageOfRows(matching.slice(0, Number(request.query.get('limit'))));
  };

/** The searches the conference pickers sent: each typed text on the server, with SPEC's limit of 10 (a limit of 1 asks whether there is any). */
const conferenceQueries = (server: { requests: SentRequest[] }) =>
  server.requests.filter((r) => r.path === '/api/conference/quickSearch').map((r) => `${r.query.get('where[name]') ?? ''}:${r.query.get('limit')}`);
const track = (id: string, name: string, conferenceRef: { id: string; name: string } | null) => ({
  id, name, description: `${name} description`, conference: conferenceRef, disabled: false, originTrackTemplateId: null, instanceCount: 0, copyCount: 0, version: 1, createdAt: NOW,
});
const job = (status: 'running' | 'succeeded', done: number, result?: unknown) => ({ id: 'job-1', kind: 'track.copy', title: 'Copying Licensing into Blue Ridge', status, done, total: 3, ...(result ? { result } : {}), createdAt: NOW, updatedAt: NOW });

/** Picks `option` in the searchable picker labelled `label` after typing `text`. */
async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, text: string, option: string) {
  await user.type(within(dialog).getByRole('combobox', { name: label }), text);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Copy from Existing', () => {
  it('keeps Copy off until valid, starts the job, follows its progress and opens the copy', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const server = fakeServer({
      'GET /api/conference/quickSearch': conferenceSearch(),
      'GET /api/track/track-templates/conference/{id}': () => [track('sys-1', 'Licensing School Pathway', null)],
      'POST /api/track/copy-track/{trackTemplateId}/{conferenceId}': () => ({ status: 202, body: { jobId: 'job-1' } }),
      'GET /api/job/{id}': () => (++reads < 2 ? job('running', 2) : job('succeeded', 3, { trackTemplateId: 'copy-1' })),
    });
    const onCopied = vi.fn();
    renderPage('/tracks/copy-track', CONFERENCE_ADMIN, { path: 'tracks/copy-track', element: <TrackCopyDialog mode="copy" onClose={vi.fn()} onCopied={onCopied} /> });
    const dialog = await screen.findByRole('dialog', { name: 'Copy from Existing' });
    const copy = within(dialog).getByRole('button', { name: 'Copy' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'System track' })).toBeTruthy());
    expect(copy.hasAttribute('disabled')).toBe(true);

    await choose(user, dialog, 'System track', 'Lic', 'Licensing School Pathway');
    await choose(user, dialog, 'Conference', 'Blue', 'Blue Ridge Conference');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Licensing at Blue Ridge ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Our copy');
    await waitFor(() => expect(copy.hasAttribute('disabled')).toBe(false));
    await expectNoAxeViolations(document.body);
    await user.click(copy);

    await waitFor(() => expect(onCopied).toHaveBeenCalledWith('copy-1'), { timeout: 10_000 });
    const sent = server.to('/api/track/copy-track/sys-1/loc-blue-ridge');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ name: 'Licensing at Blue Ridge', description: 'Our copy' });
    // The conference picker searched on the server as it was typed into (SPEC.md section 9: 10).
    expect(conferenceQueries(server)).toContain('Blue:10');
    expect(server.requests.some((r) => r.path === '/api/conference/active-conferences')).toBe(false);
  });

  it("says 'There are no system tracks to make copies from...' and offers no Copy when there are none", async () => {
    fakeServer({
      'GET /api/conference/quickSearch': conferenceSearch(),
      'GET /api/track/track-templates/conference/{id}': () => [],
    });
    renderPage('/tracks/copy-track', CONFERENCE_ADMIN, { path: 'tracks/copy-track', element: <TrackCopyDialog mode="copy" onClose={vi.fn()} onCopied={vi.fn()} /> });
    const dialog = await screen.findByRole('dialog', { name: 'Copy from Existing' });
    expect(await within(dialog).findByText('There are no system tracks to make copies from...')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's message in the banner when the copy is refused", async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/conference/quickSearch': conferenceSearch(),
      'GET /api/track/track-templates/conference/{id}': () => [track('sys-1', 'Licensing School Pathway', null)],
      'POST /api/track/copy-track/{trackTemplateId}/{conferenceId}': () => ({ status: 403, body: { message: 'Forbidden' } }),
    });
    renderPage('/tracks/copy-track', CONFERENCE_ADMIN, { path: 'tracks/copy-track', element: <TrackCopyDialog mode="copy" onClose={vi.fn()} onCopied={vi.fn()} /> });
    const dialog = await screen.findByRole('dialog', { name: 'Copy from Existing' });
    await choose(user, dialog, 'System track', 'Lic', 'Licensing School Pathway');
    await choose(user, dialog, 'Conference', 'Blue', 'Blue Ridge Conference');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Copy');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Copy');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('Forbidden')).toBeTruthy();
  });
});

describe('Import Phase', () => {
  it("asks each picker ('Required'), resets the later ones on a new choice, and follows the import's job", async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/conference/quickSearch': conferenceSearch(),
      'GET /api/track/track-templates/conference/{id}': (request) =>
        request.path.endsWith('/0') ? [track('sys-1', 'Licensing School Pathway', null)] : [track('conf-1', 'Candidacy Pathway', { id: conference.id, name: conference.name })],
      'GET /api/phase/get-phases/track-template/{id}': (request) => [
        { id: `${request.path.split('/').at(-1)}-p1`, trackTemplateId: 'x', name: 'Foundations', description: '', order: 1, originPhaseId: null, version: 1 },
      ],
      'POST /api/phase/import-phase/phase/{phaseId}/track-template/{trackTemplateId}': () => ({ status: 202, body: { jobId: 'job-1' } }),
      'GET /api/job/{id}': () => ({ ...job('succeeded', 3, { trackTemplateId: 'target', phaseId: 'new-phase' }), kind: 'phase.import' }),
    });
    const onImported = vi.fn();
    renderPage('/tracks/target/phase/import', CONFERENCE_ADMIN, { path: 'tracks/target/phase/import', element: <ImportPhaseDialog trackTemplateId="target" onClose={vi.fn()} onImported={onImported} /> });
    const dialog = await screen.findByRole('dialog', { name: 'Import Phase' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Required', { exact: true })).toHaveLength(3);

    await choose(user, dialog, 'Conference', 'Sys', 'System');
    await choose(user, dialog, 'Track Template', 'Lic', 'Licensing School Pathway');
    await choose(user, dialog, 'Phase', 'Found', '1. Foundations');
    // Another conference: the track and the phase start over, and list that conference's.
    await user.clear(within(dialog).getByRole('combobox', { name: 'Conference' }));
    await choose(user, dialog, 'Conference', 'Blue', 'Blue Ridge Conference');
    expect((within(dialog).getByRole('combobox', { name: 'Track Template' }) as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByRole('combobox', { name: 'Phase' }) as HTMLInputElement).value).toBe('');
    await choose(user, dialog, 'Track Template', 'Cand', 'Candidacy Pathway');
    await choose(user, dialog, 'Phase', 'Found', '1. Foundations');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onImported).toHaveBeenCalled(), { timeout: 10_000 });
    expect(server.to('/api/phase/import-phase/phase/conf-1-p1/track-template/target')).toHaveLength(1);
    // The second choice may be made from the list still showing while "Blue" waits its debounce;
    // a choice settles the picker, so that search may never be sent. Every one sent asks for 10.
    const queries = conferenceQueries(server);
    expect(queries).toContain('Sys:10');
    expect(queries.filter((query) => !query.endsWith(':10'))).toEqual([]);
  });
});

/** Opens a picker's whole list with its toggle button (no text typed). */
async function openList(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }).closest('.ui-select-control')!.querySelector('button')!);
  return screen.findByRole('listbox');
}

describe("import pickers with nothing to pick say 'No Available Templates' (SPEC.md section 8)", () => {
  it('Import Phase: each level waits for the one above; a conference without tracks, a track without phases', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/conference/quickSearch': conferenceSearch([conference, prairie]),
      'GET /api/track/track-templates/conference/{id}': (request) =>
        request.path.endsWith(`/${prairie.id}`) ? [] : [track('conf-1', 'Candidacy Pathway', { id: conference.id, name: conference.name })].filter((t) => t.name.toLowerCase().startsWith(request.query.get('name')?.toLowerCase() ?? '')),
      'GET /api/phase/get-phases/track-template/{id}': () => [],
    });
    renderPage('/tracks/target/phase/import', CONFERENCE_ADMIN, { path: 'tracks/target/phase/import', element: <ImportPhaseDialog trackTemplateId="target" onClose={vi.fn()} onImported={vi.fn()} /> });
    const dialog = await screen.findByRole('dialog', { name: 'Import Phase' });
    expect(within(dialog).getByRole('combobox', { name: 'Track Template' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('combobox', { name: 'Phase' }).hasAttribute('disabled')).toBe(true);

    await choose(user, dialog, 'Conference', 'Prai', 'Prairie Rivers Conference');
    expect((await openList(user, dialog, 'Track Template')).textContent).toBe('No Available Templates');
    await user.keyboard('{Escape}');

    await user.clear(within(dialog).getByRole('combobox', { name: 'Conference' }));
    await choose(user, dialog, 'Conference', 'Blue', 'Blue Ridge Conference');
    // A text that matches nothing is the drop-down's own message.
    await user.type(within(dialog).getByRole('combobox', { name: 'Track Template' }), 'zz');
    await waitFor(() => expect(screen.getByRole('listbox').textContent).toBe('No options found.'));
    await user.clear(within(dialog).getByRole('combobox', { name: 'Track Template' }));
    await choose(user, dialog, 'Track Template', 'Cand', 'Candidacy Pathway');
    expect((await openList(user, dialog, 'Phase')).textContent).toBe('No Available Templates');
  });

  it('Import from Existing: a source conference without tracks', async () => {
    const user = userEvent.setup();
    fakeServer({ 'GET /api/conference/quickSearch': conferenceSearch([conference, prairie]), 'GET /api/track/track-templates/conference/{id}': () => [] });
    renderPage('/tracks/import-track', SUPERADMIN, { path: 'tracks/import-track', element: <TrackCopyDialog mode="import" onClose={vi.fn()} onCopied={vi.fn()} /> });
    const dialog = await screen.findByRole('dialog', { name: 'Import from Existing' });
    expect(within(dialog).getByRole('combobox', { name: 'Track' }).hasAttribute('disabled')).toBe(true);
    await choose(user, dialog, 'Source conference', 'Prai', 'Prairie Rivers Conference');
    expect((await openList(user, dialog, 'Track')).textContent).toBe('No Available Templates');
  });
});

describe('conference pickers search on the server (SPEC.md section 9: 10 at a time)', () => {
  it('Create Track: only the typed text goes, and only matching conferences come back', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 14 }, (_, i) => ({ ...conference, id: `loc-${i}`, name: `Conference ${String(i + 1).padStart(2, '0')}` }));
    const server = fakeServer({
      'GET /api/conference/quickSearch': conferenceSearch([conference, prairie, ...many]),
      'POST /api/track/create-track-template': (request) => ({ status: 201, body: track('new-1', (request.body as { name: string }).name, { id: prairie.id, name: prairie.name }) }),
    });
    const onCreated = vi.fn();
    renderPage('/tracks/create-track', CONFERENCE_ADMIN, { path: 'tracks/create-track', element: <CreateTrackDialog onClose={vi.fn()} onCreated={onCreated} /> });
    const dialog = await screen.findByRole('dialog', { name: 'Create Track' });
    await choose(user, dialog, 'Conference', 'Prai', 'Prairie Rivers Conference');
    expect(screen.queryByRole('option', { name: 'Blue Ridge Conference' })).toBeNull();
    await user.clear(within(dialog).getByRole('combobox', { name: 'Conference' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Conference' }), 'Conf');
    // Ten of the sixteen, as the server gives them.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10));
    await user.click(screen.getByRole('option', { name: 'Blue Ridge Conference' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Local Pastor School');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'For local pastors');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(server.to('/api/track/create-track-template')[0].body).toEqual({ name: 'Local Pastor School', description: 'For local pastors', conferenceId: conference.id });
    // One row to know there is any, then each typed text (a pause mid-word may send its start too).
    expect(conferenceQueries(server)[0]).toBe(':1');
    expect(conferenceQueries(server)).toEqual(expect.arrayContaining(['Prai:10', 'Conf:10']));
    expect(conferenceQueries(server).slice(1).every((query) => query.endsWith(':10'))).toBe(true);
    expect(server.requests.some((r) => r.path === '/api/conference/active-conferences')).toBe(false);
  });

  it("Create Track says 'There are no conferences assigned to this user...' when the search finds none", async () => {
    fakeServer({ 'GET /api/conference/quickSearch': () => pageOfRows([]) });
    renderPage('/tracks/create-track', CONFERENCE_ADMIN, { path: 'tracks/create-track', element: <CreateTrackDialog onClose={vi.fn()} onCreated={vi.fn()} /> });
    const dialog = await screen.findByRole('dialog', { name: 'Create Track' });
    expect(await within(dialog).findByText('There are no conferences assigned to this user...')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(true);
  });

  it('Import from Existing: the source and the target conference are both server searches', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/conference/quickSearch': conferenceSearch([conference, prairie]),
      'GET /api/track/track-templates/conference/{id}': () => [track('conf-1', 'Candidacy Pathway', { id: conference.id, name: conference.name })],
      'POST /api/track/import-track-template/track-template/{trackTemplateId}/conference/{conferenceId}': () => ({ status: 202, body: { jobId: 'job-1' } }),
      'GET /api/job/{id}': () => job('running', 1),
    });
    renderPage('/tracks/import-track', SUPERADMIN, { path: 'tracks/import-track', element: <TrackCopyDialog mode="import" onClose={vi.fn()} onCopied={vi.fn()} /> });
    const dialog = await screen.findByRole('dialog', { name: 'Import from Existing' });
    await choose(user, dialog, 'Source conference', 'Blue', 'Blue Ridge Conference');
    await choose(user, dialog, 'Track', 'Cand', 'Candidacy Pathway');
    await choose(user, dialog, 'Conference', 'Riv', 'Prairie Rivers Conference');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Candidacy at Prairie');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Imported');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(server.to('/api/track/import-track-template/track-template/conf-1/conference/loc-prairie')).toHaveLength(1));
    expect(conferenceQueries(server)).toEqual(expect.arrayContaining([':1', 'Blue:10', 'Riv:10']));
    expect(conferenceQueries(server).every((query) => query === ':1' || query.endsWith(':10'))).toBe(true);
  });
});
