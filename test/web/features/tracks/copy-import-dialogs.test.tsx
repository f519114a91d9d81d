import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrackCopyDialog } from '../../../../web/src/features/tracks/TrackCopyDialog';
import { ImportPhaseDialog } from '../../../../web/src/features/tracks/ImportPhaseDialog';
import { CONFERENCE_ADMIN, fakeServer, renderPage } from '../admin/admin-harness';
import { expectNoAxeViolations } from '../../../support/axe';

afterEach(() => vi.unstubAllGlobals());

const NOW = '2026-11-23T12:00:00.000Z';
const conference = { id: 'loc-blue-ridge', kind: 'Conference', name: 'Blue Ridge Conference', active: true };
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
      'GET /api/conference/active-conferences': () => [conference],
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
  });

  it("says 'There are no system tracks to make copies from...' and offers no Copy when there are none", async () => {
    fakeServer({
      'GET /api/conference/active-conferences': () => [conference],
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
      'GET /api/conference/active-conferences': () => [conference],
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
      'GET /api/conference/active-conferences': () => [conference],
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
  });
});
