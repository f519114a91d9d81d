import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TrackInstanceView } from '../../../../shared/schemas/track-instance';
import TrackInstancePage, { LOADING_TRACK, NO_TRACK_ACCESS } from '../../../../web/src/features/tracks/assignments/TrackInstancePage';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage, type Viewer } from '../admin/admin-harness';

const PARTICIPANT: Viewer = { role: 'Participant' };
const PATH = '/tracks/t1/assignments/i1';

function view(overrides: Partial<TrackInstanceView> = {}): TrackInstanceView {
  return {
    id: 'i1',
    version: 3,
    status: 'Open',
    trackTemplateId: 't1',
    trackName: 'Candidacy Pathway',
    createdAt: '2025-01-06T15:00:00.000Z',
    participant: { id: 'u1', firstName: 'Pat', lastName: 'Lopez', avatarUrl: null },
    advisors: [{ id: 'a1', firstName: 'Abby', lastName: 'Nguyen' }],
    phases: [
      {
        id: 'p1',
        name: 'Discernment',
        order: 1,
        steps: [
          { id: 's1', stepTemplateId: 'st1', name: 'Share your call story', status: 'Completed', required: true, inactive: false, dueAt: null, waitsFor: [] },
          { id: 's2', stepTemplateId: 'st2', name: 'Upload your transcript', status: 'Ready', required: true, inactive: false, dueAt: null, waitsFor: [] },
        ],
      },
      {
        id: 'p2',
        name: 'Formation',
        order: 2,
        steps: [
          {
            id: 's3',
            stepTemplateId: 'st3',
            name: 'Readiness interview',
            status: 'Unavailable',
            required: false,
            inactive: false,
            dueAt: null,
            waitsFor: [{ stepInstanceId: 's2', name: 'Upload your transcript', responsible: ['Participant', 'Advisor'] }],
          },
        ],
      },
    ],
    progress: { completed: 1, total: 2 },
    canChangeStatus: true,
    missingSteps: 0,
    ...overrides,
  };
}

const renderInstance = (viewer: Viewer = CONFERENCE_ADMIN, path = PATH) => renderPage(path, viewer, { path: 'tracks/:id/assignments/:trackInstanceId/*', element: <TrackInstancePage /> });

describe('Track instance page', () => {
  it('shows the header, progress, phases in order, links to ready steps and greyed locked steps saying what they wait for', async () => {
    fakeServer({ 'GET /api/track/track-instance/{id}': () => view() });
    const { container } = renderInstance();
    expect(screen.getByText(LOADING_TRACK)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Candidacy Pathway' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Pat Lopez/ }).getAttribute('href')).toBe('/users/u1');
    expect(screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuetext')).toBe('1 of 2 required steps completed');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['1. Discernment', '2. Formation']);
    expect(screen.getByRole('link', { name: 'Upload your transcript' }).getAttribute('href')).toBe('/step/s2');
    expect(screen.queryByRole('link', { name: 'Readiness interview' })).toBeNull();
    expect(screen.getByText('Waiting for Upload your transcript (Participant, Advisor)')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Track status' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('changes the status on the version read, then reloads', async () => {
    let current = view();
    const server = fakeServer({
      'GET /api/track/track-instance/{id}': () => current,
      'PATCH /api/track/instance': (request) => {
        current = view({ status: (request.body as { status: 'Withdrawn' }).status, version: 4 });
        return current;
      },
    });
    renderInstance();
    const select = await screen.findByRole('combobox', { name: 'Track status' });
    await userEvent.setup().selectOptions(select, 'Withdrawn');
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(server.requests.find((r) => r.method === 'PATCH')!.body).toEqual({ id: 'i1', status: 'Withdrawn', version: 3 });
    expect(await screen.findByText('Track status set to Withdrawn.')).toBeTruthy();
  });

  it('never shows the status selector when the server says no (the participant)', async () => {
    fakeServer({ 'GET /api/track/track-instance/{id}': () => view({ canChangeStatus: false }) });
    renderInstance(PARTICIPANT);
    await screen.findByRole('heading', { level: 1, name: 'Candidacy Pathway' });
    expect(screen.queryByRole('combobox', { name: 'Track status' })).toBeNull();
    // Nor the enrolment's History (issue 25): the track alone, without tabs.
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('offers those who act on the enrolment its History, at its own address (issue 25)', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/track/track-instance/{id}': () => view(),
      'GET /api/audit/history/TrackInstance/i1': () => ({ data: [], cursor: null }),
    });
    renderInstance();
    const tabs = await screen.findByRole('tablist', { name: 'Enrolment' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Track', 'History']);
    expect(screen.getByRole('heading', { name: '1. Discernment' })).toBeTruthy();
    await user.click(within(tabs).getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No history yet.')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe(`${PATH}/history`);
    expect(server.to('/api/audit/history/TrackInstance/i1')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: '1. Discernment' })).toBeNull();
  });

  it("says 'You do not have permission to access this track' on 403", async () => {
    fakeServer({ 'GET /api/track/track-instance/{id}': () => ({ status: 403, body: { message: 'Forbidden' } }) });
    renderInstance();
    expect(await screen.findByText(NO_TRACK_ACCESS)).toBeTruthy();
  });

  it('asks verify-step-instances once when steps are missing, then reloads', async () => {
    let verified = false;
    const server = fakeServer({
      'GET /api/track/track-instance/{id}': () => view({ missingSteps: verified ? 0 : 2 }),
      'GET /api/track/verify-step-instances/{id}': () => {
        verified = true;
        return { created: 2 };
      },
    });
    renderInstance();
    await waitFor(() => expect(server.requests.filter((r) => r.path === '/api/track/track-instance/i1').length).toBeGreaterThanOrEqual(2));
    expect(server.requests.filter((r) => r.path.startsWith('/api/track/verify-step-instances')).length).toBe(1);
    const list = (await screen.findAllByRole('list'))[0];
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
  });
});
