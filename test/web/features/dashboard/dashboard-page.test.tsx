import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard, EnrolledRow } from '../../../../shared/schemas/dashboard';
import DashboardPage from '../../../../web/src/features/dashboard/DashboardPage';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, CONFERENCE_ADMIN_PERMISSION, SUPERADMIN, fakeServer, pageOfRows, renderPage, type Viewer } from '../admin/admin-harness';

afterEach(() => vi.unstubAllGlobals());

const DASHBOARD = 'GET /api/conference/dashboard/{scopeId}';
const statuses = (open: number, completed = 0, withdrawn = 0) => ({ Unavailable: 0, Open: open, Completed: completed, Withdrawn: withdrawn, Discontinued: 0 });
const months = Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`);

/** Blue Ridge's figures: Candidacy Pathway with 5 open (3 in Discernment, 2 in Candidacy), one advisor with 4 open items. */
const figures = (scope: Dashboard['scope'], changes: Partial<Dashboard> = {}): Dashboard => ({
  scope,
  enrolments: {
    byStatus: statuses(5, 2, 1),
    tracks: [
      {
        trackTemplateId: 'trk-candidacy',
        name: 'Candidacy Pathway',
        byStatus: statuses(5, 2, 1),
        phases: [
          { phaseId: 'p1', name: 'Discernment', order: 1, open: 3 },
          { phaseId: 'p2', name: 'Candidacy', order: 2, open: 2 },
        ],
      },
    ],
  },
  steps: { byStatus: { Unavailable: 9, Ready: 4, Overdue: 2, Resubmit: 0, PendingReview: 1, Completed: 12 }, waiting: [7, 14, 30, 60, 90].map((days) => ({ days, count: days <= 14 ? 3 : 0 })) },
  stuck: [
    {
      trackInstanceId: 'ti-grace',
      stepInstanceId: 'si-essay',
      trackTemplateId: 'trk-candidacy',
      trackName: 'Candidacy Pathway',
      stepName: 'Call narrative',
      participant: { id: 'u-grace', name: 'Grace Lee' },
      status: 'PendingReview',
      since: new Date(Date.now() - 41 * 86_400_000 - 3_600_000).toISOString(),
      waitsOn: [
        { kind: 'committee', id: 'g-dcom', name: 'District Committee' },
        { kind: 'person', id: 'u-ada', name: 'Ada Advisor' },
      ],
    },
    {
      trackInstanceId: 'ti-sofia',
      stepInstanceId: 'si-form',
      trackTemplateId: 'trk-candidacy',
      trackName: 'Candidacy Pathway',
      stepName: 'Background form',
      participant: { id: 'u-sofia', name: 'Sofia Ruiz' },
      status: 'Ready',
      since: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      waitsOn: [{ kind: 'participant', id: 'u-sofia', name: 'Sofia Ruiz' }],
    },
  ],
  workload: [{ userId: 'u-ada', name: 'Ada Advisor', openItems: 4 }],
  trends: months.map((month, index) => ({ month, enrolled: index === 11 ? 3 : 1, Completed: index === 10 ? 2 : 0, Withdrawn: index === 9 ? 1 : 0, Discontinued: 0 })),
  ...changes,
});
const BLUE_RIDGE = { id: 'loc-blue-ridge', name: 'Blue Ridge Conference', kind: 'Conference' as const };
const FOOTHILLS = { id: 'loc-foothills', name: 'Foothills District', kind: 'District' as const };

const render = (viewer: Viewer) => renderPage('/dashboard', viewer, { path: 'dashboard/*', element: <DashboardPage /> });
const WAITING = 'GET /api/conference/dashboard/{scopeId}/waiting';
const ENROLLED = 'GET /api/conference/dashboard/{scopeId}/enrolments';
const enrolledRow = (id: string, name: string, status: EnrolledRow['status'] = 'Open', phase?: EnrolledRow['phase']): EnrolledRow => ({
  trackInstanceId: `ti-${id}`,
  trackTemplateId: 'trk-candidacy',
  trackName: 'Candidacy Pathway',
  participant: { id: `u-${id}`, name },
  status,
  enrolledAt: '2026-03-07T15:00:00.000Z',
  ...(phase && { phase }),
});

describe('the Dashboard', () => {
  it("starts on the conference admin's conference: enrolments, phases, steps, who is stuck, workload and the months, each as a table with its bars, axe-clean", async () => {
    const server = fakeServer({ 'GET /api/user/user-permissions': () => [CONFERENCE_ADMIN_PERMISSION], [DASHBOARD]: () => figures(BLUE_RIDGE) });
    render(CONFERENCE_ADMIN);
    expect(await screen.findByRole('heading', { name: 'Where candidates are' })).toBeTruthy();
    expect(server.to('/api/conference/dashboard/loc-blue-ridge')).toHaveLength(1);
    expect((screen.getByRole('combobox', { name: 'Place' }) as HTMLInputElement).value).toBe('Blue Ridge Conference');

    const tiles = screen.getByRole('region', { name: 'Enrolments' });
    expect(within(tiles).getByText('Open').nextElementSibling?.textContent).toBe('5');
    const phases = screen.getByRole('table', { name: 'Candidacy Pathway: open enrolments by current phase' });
    expect(within(phases).getAllByRole('row').map((row) => row.textContent)).toEqual(['PhaseOpen enrolments', '1. Discernment3', '2. Candidacy2']);
    // The enrolment and phase figures open the enrolments they count.
    expect(within(tiles).getByRole('link', { name: '5 Open enrolments: show them' }).getAttribute('href')).toBe('/dashboard/loc-blue-ridge/enrolments?status=Open');
    expect(within(tiles).getByRole('link', { name: '1 Withdrawn enrolment: show them' }).getAttribute('href')).toBe('/dashboard/loc-blue-ridge/enrolments?status=Withdrawn');
    expect(within(phases).getByRole('link', { name: '2 open enrolments in Candidacy Pathway, Candidacy: show them' }).getAttribute('href')).toBe(
      '/dashboard/loc-blue-ridge/enrolments?track=trk-candidacy&phase=p2',
    );
    expect(screen.getByRole('link', { name: 'Candidacy Pathway' }).getAttribute('href')).toBe('/tracks/trk-candidacy/participants');
    // Each of the track's counts opens its participants table filtered to that status.
    expect(screen.getByRole('link', { name: '2 completed' }).getAttribute('href')).toBe('/tracks/trk-candidacy/participants?status=Completed');
    const stuck = screen.getByRole('table', { name: 'The 2 steps waiting longest, oldest first' });
    expect(within(stuck).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ParticipantStepStatusWaitingWaits on',
      'Grace LeeCandidacy PathwayCall narrativePending Review41 daysDistrict Committee (committee), Ada Advisor',
      'Sofia RuizCandidacy PathwayBackground formReady3 daysSofia Ruiz (participant)',
    ]);
    expect(within(stuck).getByRole('link', { name: 'Call narrative' }).getAttribute('href')).toBe('/step/si-essay');
    expect(within(stuck).getByRole('link', { name: 'Grace Lee' }).getAttribute('href')).toBe('/tracks/trk-candidacy/assignments/ti-grace');
    const steps = screen.getByRole('table', { name: 'Steps by status' });
    expect(within(steps).getByRole('rowheader', { name: 'Overdue' }).nextElementSibling?.textContent).toBe('2');
    expect(within(steps).getByRole('rowheader', { name: 'Pending Review' })).toBeTruthy();
    const waiting = screen.getByRole('table', { name: /Steps waiting on someone/ });
    expect(within(waiting).getByRole('rowheader', { name: 'More than 14 days' }).nextElementSibling?.textContent).toBe('3');
    const workload = screen.getByRole('table', { name: /Open items per person/ });
    expect(within(workload).getByRole('link', { name: 'Ada Advisor' }).getAttribute('href')).toBe('/users/u-ada');
    // The figures that have a list behind them link to it: the waiting list, filtered as the figure counts.
    expect(within(steps).getByRole('link', { name: '2 steps Overdue: show them' }).getAttribute('href')).toBe('/dashboard/loc-blue-ridge/waiting?status=Overdue');
    expect(within(steps).queryByRole('link', { name: /Completed/ })).toBeNull();
    expect(within(waiting).getByRole('link', { name: '3 steps waiting more than 14 days: show them' }).getAttribute('href')).toBe('/dashboard/loc-blue-ridge/waiting?days=14');
    expect(within(workload).getByRole('link', { name: '4 open items of Ada Advisor: show them' }).getAttribute('href')).toBe('/dashboard/loc-blue-ridge/waiting?person=u-ada');
    expect(screen.getByRole('link', { name: 'All waiting steps, with filters' }).getAttribute('href')).toBe('/dashboard/loc-blue-ridge/waiting');
    const months12 = screen.getByRole('table', { name: 'Enrolments per month, the last 12 months' });
    expect(within(months12).getAllByRole('row')).toHaveLength(13);
    // A month's figures open the enrolments made, or ended, in it; a 0 links nowhere.
    expect(within(months12).getByRole('link', { name: '3 enrolled in December 2026: show them' }).getAttribute('href')).toBe('/dashboard/loc-blue-ridge/enrolments?month=2026-12');
    expect(within(months12).getByRole('link', { name: '2 completed in November 2026: show them' }).getAttribute('href')).toBe('/dashboard/loc-blue-ridge/enrolments?status=Completed&month=2026-11');
    expect(within(months12).queryByRole('link', { name: /discontinued/ })).toBeNull();
    // The chart is drawing only: the table carries its numbers.
    expect(document.querySelector('svg.dashboard-trend-chart')?.getAttribute('aria-hidden')).toBe('true');
    await expectNoAxeViolations(document.body);
  });

  it("narrows a conference to one of its districts, and says when nobody is enrolled there", async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/user/user-permissions': () => [CONFERENCE_ADMIN_PERMISSION],
      [DASHBOARD]: (request) => (request.path.endsWith('loc-foothills') ? figures(FOOTHILLS, { enrolments: { byStatus: statuses(0), tracks: [] } }) : figures(BLUE_RIDGE)),
      'GET /api/district/quickSearch': (request) => {
        expect(request.query.get('where[parentId]')).toBe('loc-blue-ridge');
        return pageOfRows([{ id: 'loc-foothills', kind: 'District' as const, name: 'Foothills District', active: true, parentId: 'loc-blue-ridge', parentName: 'Blue Ridge Conference' }]);
      },
    });
    render(CONFERENCE_ADMIN);
    await screen.findByRole('heading', { name: 'Where candidates are' });
    await user.type(screen.getByRole('combobox', { name: 'District' }), 'Foot');
    await user.click(await screen.findByRole('option', { name: /Foothills District/ }));
    expect(await screen.findByText('No one is enrolled in a track in Foothills District yet.')).toBeTruthy();
    expect(server.to('/api/conference/dashboard/loc-foothills')).toHaveLength(1);
  });

  it('opens the list behind a figure, narrows it, pages it, and comes back to the district it came from', async () => {
    const user = userEvent.setup();
    const dashboard = figures(BLUE_RIDGE);
    const server = fakeServer({
      'GET /api/user/user-permissions': () => [CONFERENCE_ADMIN_PERMISSION],
      [DASHBOARD]: (request) => (request.path.endsWith('loc-foothills') ? figures(FOOTHILLS) : dashboard),
      'GET /api/district/quickSearch': () => pageOfRows([{ id: 'loc-foothills', kind: 'District' as const, name: 'Foothills District', active: true, parentId: 'loc-blue-ridge', parentName: 'Blue Ridge Conference' }]),
      [WAITING]: (request) =>
        request.query.get('cursor')
          ? { scope: FOOTHILLS, data: [dashboard.stuck[1]], cursor: null }
          : { scope: FOOTHILLS, data: [dashboard.stuck[0]], cursor: 'next-page' },
    });
    render(CONFERENCE_ADMIN);
    await screen.findByRole('heading', { name: 'Where candidates are' });
    await user.type(screen.getByRole('combobox', { name: 'District' }), 'Foot');
    await user.click(await screen.findByRole('option', { name: /Foothills District/ }));
    await waitFor(() => expect(server.to('/api/conference/dashboard/loc-foothills')).toHaveLength(1));
    await user.click(await screen.findByRole('link', { name: '2 steps Overdue: show them' }));

    expect(await screen.findByRole('heading', { name: 'Waiting steps in Foothills District' })).toBeTruthy();
    expect(server.to('/api/conference/dashboard/loc-foothills/waiting').at(-1)!.query.get('status')).toBe('Overdue');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('Overdue');
    expect(screen.getByRole('table', { name: 'Overdue, longest waiting first' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(server.to('/api/conference/dashboard/loc-foothills/waiting').at(-1)!.query.get('cursor')).toBe('next-page');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await expectNoAxeViolations(document.body);

    // Narrowed further: the list starts again from its first page with both filters.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Waiting' }), '30');
    await waitFor(() => expect(server.to('/api/conference/dashboard/loc-foothills/waiting').at(-1)!.query.get('olderThanDays')).toBe('30'));
    const last = server.to('/api/conference/dashboard/loc-foothills/waiting').at(-1)!;
    expect([last.query.get('status'), last.query.get('cursor')]).toEqual(['Overdue', null]);
    expect(await screen.findByRole('table', { name: 'Overdue, waiting more than 30 days, longest waiting first' })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    await screen.findByRole('heading', { name: 'Where candidates are' });
    expect((screen.getByRole('combobox', { name: 'District' }) as HTMLInputElement).value).toBe('Foothills District');
    expect(server.to('/api/conference/dashboard/loc-foothills').length).toBeGreaterThanOrEqual(1);
  });

  it('opens the enrolments behind a phase figure, pages them, and offers every open enrolment, then another status', async () => {
    const user = userEvent.setup();
    const candidacy = { id: 'p2', name: 'Candidacy' };
    const server = fakeServer({
      'GET /api/user/user-permissions': () => [CONFERENCE_ADMIN_PERMISSION],
      [DASHBOARD]: () => figures(BLUE_RIDGE),
      [ENROLLED]: (request) => {
        if (request.query.get('status') === 'Withdrawn') return { scope: BLUE_RIDGE, data: [enrolledRow('noah', 'Noah Kim', 'Withdrawn')], cursor: null };
        if (request.query.get('status')) return { scope: BLUE_RIDGE, data: [], cursor: null };
        const page = request.query.get('cursor') ? [enrolledRow('sofia', 'Sofia Ruiz', 'Open', candidacy)] : [enrolledRow('grace', 'Grace Lee', 'Open', candidacy)];
        return { scope: BLUE_RIDGE, track: { id: 'trk-candidacy', name: 'Candidacy Pathway' }, phase: candidacy, data: page, cursor: request.query.get('cursor') ? null : 'next' };
      },
    });
    render(CONFERENCE_ADMIN);
    await screen.findByRole('heading', { name: 'Where candidates are' });
    await user.click(screen.getByRole('link', { name: '2 open enrolments in Candidacy Pathway, Candidacy: show them' }));

    expect(await screen.findByRole('heading', { name: 'Enrolments in Blue Ridge Conference' })).toBeTruthy();
    const sent = server.to('/api/conference/dashboard/loc-blue-ridge/enrolments').at(-1)!;
    expect([sent.query.get('trackTemplateId'), sent.query.get('phaseId'), sent.query.get('status')]).toEqual(['trk-candidacy', 'p2', null]);
    const table = screen.getByRole('table', { name: 'Open enrolments in Candidacy Pathway, Candidacy, oldest enrolment first' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['ParticipantTrackCurrent phaseStatusEnrolled', 'Grace LeeCandidacy PathwayCandidacyOpen3/7/2026']);
    expect(within(table).getByRole('link', { name: 'Grace Lee' }).getAttribute('href')).toBe('/tracks/trk-candidacy/assignments/ti-grace');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await expectNoAxeViolations(document.body);

    await user.click(screen.getByRole('link', { name: 'Show every open enrolment' }));
    expect(await screen.findByText('No enrolment matches: nobody here is enrolled as chosen.')).toBeTruthy();
    expect(server.to('/api/conference/dashboard/loc-blue-ridge/enrolments').at(-1)!.query.get('status')).toBe('Open');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Withdrawn');
    const withdrawn = await screen.findByRole('table', { name: 'Withdrawn enrolments, longest ago first' });
    expect(within(withdrawn).getAllByRole('row')[1].textContent).toBe('Noah KimCandidacy Pathway—Withdrawn3/7/2026');

    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Where candidates are' })).toBeTruthy();
  });

  it('shows the enrolments that ended in a month, in the order they ended, with the day each ended', async () => {
    const server = fakeServer({ [ENROLLED]: () => ({ scope: BLUE_RIDGE, data: [{ ...enrolledRow('noah', 'Noah Kim', 'Completed'), endedAt: '2026-11-04T12:00:00.000Z' }], cursor: null }) });
    renderPage('/dashboard/loc-blue-ridge/enrolments?status=Completed&month=2026-11', CONFERENCE_ADMIN, { path: 'dashboard/*', element: <DashboardPage /> });
    const table = await screen.findByRole('table', { name: 'Enrolments completed in November 2026, longest ago first' });
    expect(within(table).getAllByRole('row')[1].textContent).toBe('Noah KimCandidacy Pathway—Completed11/4/20263/7/2026');
    const sent = server.to('/api/conference/dashboard/loc-blue-ridge/enrolments').at(-1)!;
    expect([sent.query.get('status'), sent.query.get('month')]).toEqual(['Completed', '2026-11']);
    expect(screen.getByText(/Showing the enrolments completed in November 2026\./)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
  });

  it('names the person a waiting list is narrowed to, and offers everyone’s', async () => {
    fakeServer({ [WAITING]: () => ({ scope: BLUE_RIDGE, person: { id: 'u-ada', name: 'Ada Advisor' }, data: [], cursor: null }) });
    renderPage('/dashboard/loc-blue-ridge/waiting?person=u-ada', CONFERENCE_ADMIN, { path: 'dashboard/*', element: <DashboardPage /> });
    expect(await screen.findByText('No step matches: nothing waits here as chosen.')).toBeTruthy();
    expect(screen.getByText(/Showing the steps waiting on Ada Advisor\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show everyone’s' }).getAttribute('href')).toBe('/dashboard/loc-blue-ridge/waiting');
  });

  it('starts a superadmin on System, with no district picker there', async () => {
    const server = fakeServer({ [DASHBOARD]: () => figures({ id: 'system', name: 'System', kind: 'System' }) });
    render(SUPERADMIN);
    expect(await screen.findByRole('heading', { name: 'Workload' })).toBeTruthy();
    expect(server.to('/api/conference/dashboard/system')).toHaveLength(1);
    expect(screen.queryByRole('combobox', { name: 'District' })).toBeNull();
  });

  it('lets a superadmin choose a jurisdiction, an episcopal area or a conference as the place; only a conference offers districts', async () => {
    const user = userEvent.setup();
    const row = (id: string, kind: string, name: string, parent?: [string, string]) => ({ id, kind, name, active: true, ...(parent && { parentId: parent[0], parentName: parent[1] }) });
    const server = fakeServer({
      [DASHBOARD]: (request) => figures({ id: request.path.split('/').at(-1)!, name: 'Somewhere', kind: 'EpiscopalArea' }),
      'GET /api/jurisdiction/quickSearch': () => pageOfRows([row('loc-se', 'Jurisdiction', 'Southeastern Jurisdiction')]),
      'GET /api/episcopal-area/quickSearch': () => pageOfRows([row('loc-piedmont', 'EpiscopalArea', 'Piedmont Area', ['loc-se', 'Southeastern Jurisdiction'])]),
      'GET /api/conference/quickSearch': () => pageOfRows([row('loc-blue-ridge', 'Conference', 'Blue Ridge Conference', ['loc-piedmont', 'Piedmont Area'])]),
    });
    render(SUPERADMIN);
    await screen.findByRole('heading', { name: 'Workload' });
    const place = screen.getByRole('combobox', { name: 'Place' });
    await user.clear(place);
    await user.type(place, 'S');
    await screen.findByRole('option', { name: /Blue Ridge Conference/ });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'System',
      'Southeastern JurisdictionJurisdiction',
      'Piedmont AreaEpiscopal Area',
      'Blue Ridge ConferenceConference',
    ]);
    await user.click(screen.getByRole('option', { name: /Piedmont Area/ }));
    await waitFor(() => expect(server.to('/api/conference/dashboard/loc-piedmont')).toHaveLength(1));
    expect(screen.queryByRole('combobox', { name: 'District' })).toBeNull();
    await user.clear(place);
    await user.type(place, 'Blue');
    await user.click(await screen.findByRole('option', { name: /Blue Ridge Conference/ }));
    await waitFor(() => expect(server.to('/api/conference/dashboard/loc-blue-ridge')).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'District' })).toBeTruthy();
  });

  it("says the server's refusal, and that someone who governs nothing has no dashboard", async () => {
    fakeServer({ 'GET /api/user/user-permissions': () => [CONFERENCE_ADMIN_PERMISSION], [DASHBOARD]: () => ({ status: 403, body: { message: 'Forbidden' } }) });
    const first = render(CONFERENCE_ADMIN);
    expect(await screen.findByText('Forbidden')).toBeTruthy();
    first.unmount();
    fakeServer({ 'GET /api/user/user-permissions': () => [] });
    render({ role: 'Advisor' });
    expect(await screen.findByText('You do not administer a conference or district, so there is no dashboard to show.')).toBeTruthy();
  });

  it('shows that it is loading until the figures come', async () => {
    let answer: (value: unknown) => void = () => undefined;
    fakeServer({ 'GET /api/user/user-permissions': () => [CONFERENCE_ADMIN_PERMISSION], [DASHBOARD]: () => new Promise((resolve) => (answer = resolve)) });
    render(CONFERENCE_ADMIN);
    expect(await screen.findByText('Loading the dashboard...')).toBeTruthy();
    answer(figures(BLUE_RIDGE));
    await waitFor(() => expect(screen.queryByText('Loading the dashboard...')).toBeNull());
  });
});
