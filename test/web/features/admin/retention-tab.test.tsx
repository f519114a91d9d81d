import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETENTION_YEARS_MESSAGE } from '../../../../shared/schemas/retention';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, CONFERENCE_ADMIN_PERMISSION, fakeServer, renderAdmin } from './admin-harness';

afterEach(() => vi.unstubAllGlobals());

const periods = { withdrawn: 10, discontinued: 10, completed: 50, inactivePerson: 7 };
const policy = (conferenceId: string, version = 0, changes: Partial<typeof periods> = {}) => ({ conferenceId, periods: { ...periods, ...changes }, version, ...(version ? { updatedAt: '2026-11-02T10:00:00.000Z' } : {}) });
const hold = {
  recordKind: 'User' as const,
  recordId: 'u-pia',
  conferenceId: 'loc-blue-ridge',
  subject: 'Pia Pupil',
  reason: 'Appeal before the Judicial Council',
  active: true,
  placedBy: 'admin',
  placedByName: 'Carla Admin',
  placedAt: '2026-10-01T09:00:00.000Z',
  version: 1,
};

describe('the Retention tab', () => {
  it('a conference admin reads their conference’s periods, the next purge and the holds, and saves a period on the version read', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/user/user-permissions': () => [CONFERENCE_ADMIN_PERMISSION],
      'GET /api/conference/retention/{id}': () => policy('loc-blue-ridge'),
      'PUT /api/conference/retention/{id}': (request) => policy('loc-blue-ridge', 1, (request.body as { periods: typeof periods }).periods),
      'GET /api/conference/retention/{id}/preview': () => ({
        data: [{ recordKind: 'TrackInstance', recordId: 'ti-1', outcome: 'withdrawn', subject: 'Sam Seeker, Licensed Local Pastor', closedAt: '2014-03-01T00:00:00.000Z', dueAt: '2024-03-01T00:00:00.000Z' }],
        more: false,
      }),
      'GET /api/conference/retention/{id}/holds': () => ({ data: [hold], cursor: null }),
    });
    const view = renderAdmin('/admin/retention', CONFERENCE_ADMIN);
    const withdrawn = await screen.findByRole('spinbutton', { name: /Withdrawn enrolments \(years\)/ });
    expect((withdrawn as HTMLInputElement).value).toBe('10');
    expect(screen.getByText('The default periods are in force: none has been saved for this conference.')).toBeTruthy();
    expect(server.to('/api/conference/retention/loc-blue-ridge').length).toBe(1);
    const purge = await screen.findByRole('table', { name: 'Records the next run would purge' });
    expect(within(purge).getByRole('rowheader', { name: 'Sam Seeker, Licensed Local Pastor' })).toBeTruthy();
    expect(within(purge).getByText('Withdrawn enrolments')).toBeTruthy();
    const holds = await screen.findByRole('list', { name: 'Legal holds in force' });
    expect(within(holds).getByRole('link', { name: 'Pia Pupil' }).getAttribute('href')).toBe('/users/u-pia');
    expect(within(holds).getByText('Appeal before the Judicial Council')).toBeTruthy();
    expect(within(holds).getByText(/by Carla Admin/)).toBeTruthy();
    await expectNoAxeViolations(view.container);

    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled') || save.getAttribute('aria-disabled') === 'true' || save.hasAttribute('data-disabled')).toBe(true);
    await user.clear(withdrawn);
    await user.type(withdrawn, '1000');
    expect(await screen.findByText(RETENTION_YEARS_MESSAGE)).toBeTruthy();
    await user.clear(withdrawn);
    await user.type(withdrawn, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.to('/api/conference/retention/loc-blue-ridge').filter((request) => request.method === 'PUT')).toHaveLength(1));
    const sent = server.to('/api/conference/retention/loc-blue-ridge').find((request) => request.method === 'PUT')!;
    expect(sent.body).toEqual({ periods: { ...periods, withdrawn: 12 }, version: 0 });
    expect(await screen.findByText('The retention periods were saved.')).toBeTruthy();
    // The preview is read again: what is due depends on the periods.
    await waitFor(() => expect(server.to('/api/conference/retention/loc-blue-ridge/preview').length).toBe(2));
  });

  it('shows the empty states when nothing is due and nothing is held', async () => {
    fakeServer({
      'GET /api/user/user-permissions': () => [CONFERENCE_ADMIN_PERMISSION],
      'GET /api/conference/retention/{id}': () => policy('loc-blue-ridge', 3, { completed: 60 }),
      'GET /api/conference/retention/{id}/preview': () => ({ data: [], more: false }),
      'GET /api/conference/retention/{id}/holds': () => ({ data: [], cursor: null }),
    });
    renderAdmin('/admin/retention', CONFERENCE_ADMIN);
    expect(await screen.findByText('Nothing is past its retention period: the next daily run purges nothing here.')).toBeTruthy();
    expect(await screen.findByText('No legal hold is in force in this conference.')).toBeTruthy();
    expect(((await screen.findByRole('spinbutton', { name: /Completed enrolments/ })) as HTMLInputElement).value).toBe('60');
  });

  it('a stale save says so and keeps what was typed', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/user/user-permissions': () => [CONFERENCE_ADMIN_PERMISSION],
      'GET /api/conference/retention/{id}': () => policy('loc-blue-ridge', 2),
      'PUT /api/conference/retention/{id}': () => ({ status: 409, body: { message: 'Stale version.' } }),
      'GET /api/conference/retention/{id}/preview': () => ({ data: [], more: false }),
      'GET /api/conference/retention/{id}/holds': () => ({ data: [], cursor: null }),
    });
    renderAdmin('/admin/retention', CONFERENCE_ADMIN);
    const completed = await screen.findByRole('spinbutton', { name: /Completed enrolments/ });
    await user.clear(completed);
    await user.type(completed, '75');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This item was changed by someone else. Reload it and try again.')).toBeTruthy();
    expect((completed as HTMLInputElement).value).toBe('75');
  });
});
