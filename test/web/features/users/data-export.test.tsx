import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_RUNNING } from '../../../../shared/api/user-export';
import type { UserView } from '../../../../shared/schemas/user';
import { ToastProvider } from '../../../../web/src/components/ui/Toast';
import { DataExportButton } from '../../../../web/src/features/users/data-export/DataExportButton';
import { CurrentUserContext } from '../../../../web/src/lib/current-user';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer } from '../../../support/fake-server';

afterEach(() => vi.unstubAllGlobals());

const person = (id: string, roles: UserView['roles']): UserView => ({
  id,
  firstName: id === 'me' ? 'Pat' : 'Sam',
  lastName: 'Person',
  email: `${id}@example.org`,
  inactive: false,
  registered: true,
  roles,
  createdAt: '2026-03-04T12:00:00.000Z',
  updatedAt: '2026-03-04T12:00:00.000Z',
});
const participant = person('me', [{ id: 'role-participant', name: 'Participant', system: true }]);
const superadmin = person('me', [{ id: 'role-superadmin', name: 'Superadmin', system: true }]);
const other = person('u7', [{ id: 'role-participant', name: 'Participant', system: true }]);

function wrap(viewer: UserView, children: ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter>
        <CurrentUserContext.Provider value={viewer}>
          <ToastProvider>{children}</ToastProvider>
        </CurrentUserContext.Provider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const job = (id: string, status: 'running' | 'succeeded') => ({
  id,
  kind: 'user.dataExport',
  title: 'Exporting your data',
  status,
  done: status === 'succeeded' ? 3 : 1,
  total: 3,
  ...(status === 'succeeded' ? { result: { fileName: 'data-export-2026-03-04.zip', bytes: 2048, files: 1, enrolments: 1, expiresAt: '2026-03-11T12:00:00.000Z' } } : {}),
  createdAt: '2026-03-04T12:00:00.000Z',
  updatedAt: '2026-03-04T12:00:00.000Z',
});

describe('Export data', () => {
  it("is not offered on someone else's profile to anyone but a superadmin", () => {
    fakeServer({});
    const view = wrap(participant, <DataExportButton user={other} />);
    expect(screen.queryByRole('button', { name: 'Export data' })).toBeNull();
    view.unmount();
    wrap(superadmin, <DataExportButton user={other} />);
    expect(screen.getByRole('button', { name: 'Export data' })).toBeTruthy();
  });

  it("starts the export of one's own data from the keyboard, follows the job, then downloads through the link route", async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let polls = 0;
    const server = fakeServer({
      'POST /api/user/me/data-export': () => ({ status: 202, body: { jobId: 'export-1' } }),
      'GET /api/job/export-1': () => job('export-1', ++polls > 1 ? 'succeeded' : 'running'),
      'GET /api/user/me/data-export/link': () => ({ url: 'https://uploads.example.org/exports/archive.zip?X-Amz-Expires=900', name: 'data-export-2026-03-04.zip' }),
    });
    const view = wrap(participant, <DataExportButton user={participant} />);
    expect(screen.queryByRole('link', { name: 'Download export' })).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export data' }));
    await user.keyboard('{Enter}');
    expect(server.to('/api/user/me/data-export', 'POST')).toHaveLength(1);
    const link = await screen.findByRole('link', { name: 'Download export' }, { timeout: 5000 });
    await expectNoAxeViolations(view.container);
    expect(server.to('/api/user/me/data-export/link')).toHaveLength(0);
    await user.click(link);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://uploads.example.org/exports/archive.zip?X-Amz-Expires=900'));
    expect(server.to('/api/user/me/data-export/link')).toHaveLength(1);
  });

  it("says why when one is already running (409) and offers no download", async () => {
    const user = userEvent.setup();
    fakeServer({ 'POST /api/user/u7/data-export': () => ({ status: 409, body: { message: EXPORT_RUNNING } }) });
    const view = wrap(superadmin, <DataExportButton user={other} />);
    await user.click(screen.getByRole('button', { name: 'Export data' }));
    expect((await screen.findByRole('alert')).textContent).toContain(EXPORT_RUNNING);
    expect(screen.queryByRole('link', { name: 'Download export' })).toBeNull();
    await expectNoAxeViolations(view.container);
  });
});
