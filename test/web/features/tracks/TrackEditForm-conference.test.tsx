import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackOutline } from '@shared/schemas/track';
import { TrackEditForm } from '../../../../web/src/features/tracks/TrackEditForm';
import { CONFERENCE_ADMIN, fakeServer, pageOfRows, renderPage, SUPERADMIN, type SentRequest, type Viewer } from '../admin/admin-harness';
import { expectNoAxeViolations } from '../../../support/axe';

afterEach(() => vi.unstubAllGlobals());

/** SPEC.md section 8: the server's refusal while copies of a system track exist. */
const LOCKED = 'Cannot change conference unless all copies of this track are removed';

const blueRidge = { id: 'loc-blue-ridge', kind: 'Conference' as const, name: 'Blue Ridge Conference', active: true, parentName: 'Piedmont Area' };
const highPlains = { id: 'loc-high-plains', kind: 'Conference' as const, name: 'High Plains Conference', active: true, parentName: 'Plains Area' };

const outline = (changes: Partial<TrackOutline> = {}): TrackOutline => ({
  id: 'track-1', name: 'Candidacy Pathway', description: 'From call to candidacy.', conference: { id: blueRidge.id, name: blueRidge.name }, disabled: false,
  originTrackTemplateId: null, instanceCount: 0, copyCount: 0, reminderDays: 7, escalationDays: 7, version: 4, createdAt: '2026-11-23T12:00:00.000Z', phases: [], canEdit: true, ...changes,
});

/** The conference search as the server answers it: a word of the name starts with the text, at most `limit`. */
const conferenceSearch = (request: SentRequest) => {
  const text = (request.query.get('where[name]') ?? '').toLowerCase();
  return pageOfRows([blueRidge, highPlains].filter((row) => row.name.toLowerCase().split(' ').some((word) => word.startsWith(text))).slice(0, Number(request.query.get('limit'))));
};

function renderForm(track: TrackOutline, viewer: Viewer, onSaved = vi.fn()) {
  renderPage('/tracks/track-1', viewer, { path: 'tracks/:id', element: <TrackEditForm track={track} onSaved={onSaved} /> });
  return onSaved;
}

async function pick(user: ReturnType<typeof userEvent.setup>, text: string, option: RegExp) {
  const picker = screen.getByRole('combobox', { name: 'Conference' });
  await user.clear(picker);
  await user.type(picker, text);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe("TrackEditForm: the track's conference (SPEC.md sections 4 and 8)", () => {
  it('moves the track to a conference found by a server search, sending the conference only when it changed', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/conference/quickSearch': conferenceSearch,
      'PATCH /api/track/update-track-template/{trackTemplateId}': (request) => ({ ...outline(), conference: { id: highPlains.id, name: highPlains.name }, version: 5, ...(request.body as object) }),
    });
    const onSaved = renderForm(outline(), CONFERENCE_ADMIN);
    const picker = screen.getByRole('combobox', { name: 'Conference' }) as HTMLInputElement;
    expect(picker.value).toBe('Blue Ridge Conference');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await pick(user, 'High', /High Plains Conference/);
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await expectNoAxeViolations(document.body);
    await user.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.to('/api/track/update-track-template/track-1')[0].body).toEqual({
      name: 'Candidacy Pathway', description: 'From call to candidacy.', reminderDays: 7, escalationDays: 7, conferenceId: highPlains.id, version: 4,
    });
    const searches = server.requests.filter((r) => r.path === '/api/conference/quickSearch');
    // The options come from the server's search; a search still waiting when the choice is made is
    // dropped (a choice settles the picker), so which texts were sent depends on the timing.
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((r) => r.query.get('limit') === '10')).toBe(true);
  });

  it("shows the server's 'Cannot change conference unless all copies of this track are removed' in the banner", async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/conference/quickSearch': conferenceSearch,
      'PATCH /api/track/update-track-template/{trackTemplateId}': () => ({ status: 422, body: { message: LOCKED } }),
    });
    const onSaved = renderForm(outline({ conference: null, copyCount: 2 }), SUPERADMIN);
    // A system track reads 'System'; a superadmin may pick it, or a conference.
    expect((screen.getByRole('combobox', { name: 'Conference' }) as HTMLInputElement).value).toBe('System');
    await pick(user, 'Blue', /Blue Ridge Conference/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(LOCKED);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("offers 'System' only to a superadmin", async () => {
    const user = userEvent.setup();
    fakeServer({ 'GET /api/conference/quickSearch': conferenceSearch });
    renderForm(outline(), CONFERENCE_ADMIN);
    const picker = screen.getByRole('combobox', { name: 'Conference' });
    await user.clear(picker);
    await user.type(picker, 'S');
    await waitFor(() => expect(screen.getByRole('listbox')).toBeTruthy());
    expect(screen.queryByRole('option', { name: 'System' })).toBeNull();
  });
});
