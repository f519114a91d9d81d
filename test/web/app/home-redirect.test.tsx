import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomeRedirect } from '../../../web/src/app/HomeRedirect';
import { CONFERENCE_ADMIN, SUPERADMIN, renderPage, type Viewer } from '../features/admin/admin-harness';

/** Home (`/`) is the Dashboard for its readers (issue 27), the Tracks page for everyone else. */
const landing = async (viewer: Viewer) => {
  const view = renderPage('/', viewer, [
    { path: '/', element: <HomeRedirect /> },
    { path: 'dashboard', element: <p>Dashboard page</p> },
    { path: 'tracks', element: <p>Tracks page</p> },
  ]);
  await screen.findByText(/page$/);
  const path = screen.getByTestId('path').textContent;
  view.unmount();
  return path;
};

describe('Home', () => {
  it('opens the Dashboard for a superadmin, a conference admin and a district admin', async () => {
    expect(await landing(SUPERADMIN)).toBe('/dashboard');
    expect(await landing(CONFERENCE_ADMIN)).toBe('/dashboard');
    expect(await landing({ role: 'DistrictAdmin', permissions: [{ entity: 'District', entityId: 'loc-foothills', active: true, denial: false, ancestorIds: ['loc-se', 'loc-piedmont', 'loc-blue-ridge', 'loc-foothills'] }] })).toBe('/dashboard');
  });

  it('opens Tracks for an advisor and a participant', async () => {
    expect(await landing({ role: 'Advisor' })).toBe('/tracks');
    expect(await landing({ role: 'Participant' })).toBe('/tracks');
  });
});
