import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrackOutline } from '@shared/schemas/track';
import { TrackTabs } from '../../../../web/src/features/tracks/TrackTabs';
import { StepRoutes } from '../../../../web/src/features/tracks/steps/StepRoutes';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage, SUPERADMIN } from '../admin/admin-harness';

/** SPEC.md section 2, the track routes: the tabs' default route and the step dialogs' titles, word for word. */
const outline = (conference: TrackOutline['conference']): TrackOutline =>
  ({
    id: 't1',
    name: 'Candidacy Pathway',
    description: 'The way to ordination.',
    conference,
    disabled: false,
    originTrackTemplateId: null,
    version: 1,
    count: 0,
    canEdit: conference !== null,
    phases: [{ id: 'p1', name: 'Preparation', description: '', order: 1, originPhaseId: null, steps: [] }],
  }) as unknown as TrackOutline;
const BLUE_RIDGE = { id: 'loc-blue-ridge', name: 'Blue Ridge' };

function server() {
  return fakeServer({
    'POST /api/track/t1/true/instances': () => ({ data: [], count: 0, partial: false }),
    'GET /api/role': () => [],
  });
}

const renderTabs = (viewer: typeof SUPERADMIN, track: TrackOutline, path = '/tracks/t1') =>
  renderPage(path, viewer, { path: 'tracks/:id/*', element: <TrackTabs track={track} editor={<p>The editor</p>} /> });

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('/tracks/{id}: the default route is the editor, shown to superadmins or when the track has a conference', () => {
  it('a conference admin on a System track has no Editor tab and lands on Participants', async () => {
    server();
    renderTabs(CONFERENCE_ADMIN, outline(null));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/tracks/t1/participants'));
    expect(tabNames()).toEqual(['Participants', 'Interviewer Groups']);
    expect(screen.queryByText('The editor')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Participants' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No participants enrolled in track.')).toBeTruthy();
    await expectNoAxeViolations(document.body);
  });

  it('a conference admin on their conference’s track starts on the Editor', () => {
    renderTabs(CONFERENCE_ADMIN, outline(BLUE_RIDGE));
    expect(tabNames()).toEqual(['Editor', 'Participants', 'Interviewer Groups', 'History']);
    expect(screen.getByText('The editor')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/tracks/t1');
  });

  it("History (issue 25) is the track's audit trail, for those who may edit it", async () => {
    const history = fakeServer({ 'GET /api/audit/history/TrackTemplate/t1': () => ({ data: [], cursor: null }) });
    renderTabs(CONFERENCE_ADMIN, outline(BLUE_RIDGE), '/tracks/t1/history');
    expect(await screen.findByText('No history yet.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    expect(history.to('/api/audit/history/TrackTemplate/t1')).toHaveLength(1);
  });

  it('a superadmin on a System track starts on the Editor', () => {
    renderTabs(SUPERADMIN, outline(null));
    expect(tabNames()).toEqual(['Editor', 'Participants', 'Interviewer Groups']);
    expect(screen.getByText('The editor')).toBeTruthy();
  });
});

describe('the step dialogs under a phase', () => {
  it('step/new is titled “Create step”', () => {
    server();
    const track = outline(BLUE_RIDGE);
    renderPage('/tracks/t1/phase/p1/step/new', SUPERADMIN, { path: 'tracks/:id/phase/:phaseId/step/*', element: <StepRoutes track={track} onClose={() => {}} onSaved={() => {}} /> });
    expect(screen.getByRole('dialog', { name: 'Create step' })).toBeTruthy();
  });
});
