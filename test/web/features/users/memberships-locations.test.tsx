import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LAST_CONFERENCE_MESSAGE } from '../../../../shared/auth/policies';
import { LocationsCard } from '../../../../web/src/features/users/profile/LocationsCard';
import { MembershipsCard } from '../../../../web/src/features/users/profile/MembershipsCard';
import { CurrentUserContext } from '../../../../web/src/lib/current-user';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, pageOfRows, renderPage, viewerUser, type Viewer } from '../admin/admin-harness';

/** The profile's church memberships and locations (SPEC.md sections 4 to 6), for viewers of each kind. */
const asViewer = (viewer: Viewer, element: ReactNode) => <CurrentUserContext.Provider value={viewerUser(viewer.role)}>{element}</CurrentUserContext.Provider>;
const renderCard = (viewer: Viewer, element: ReactNode) => renderPage('/card', viewer, { path: 'card', element: asViewer(viewer, element) });

const membership = (id: string, name: string, flags: { active: boolean; primary: boolean; constituent: boolean }) => ({ id, userId: 'u2', church: { id: `church-${id}`, name }, ...flags, version: 1, createdAt: '2024-01-01T00:00:00.000Z' });

describe("the profile's church memberships", () => {
  const memberships = [membership('m1', 'Grace Chapel', { active: true, primary: true, constituent: true }), membership('m2', 'Old Mill Church', { active: false, primary: false, constituent: false })];

  it("lets a conference admin toggle 'Home' and remove only active memberships; Add Membership has 'Home' on by default", async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/church/church-memberships/{userId}': () => memberships,
      'GET /api/church/quickSearch': () => pageOfRows([{ id: 'c3', kind: 'Church', name: 'Mount Hope Church', active: true, parentId: 'd1', parentName: 'Foothills District' }]),
      'POST /api/church/add-church-memberships': () => ({ status: 201, body: [membership('m3', 'Mount Hope Church', { active: true, primary: false, constituent: true })] }),
    });
    const { container } = renderCard(CONFERENCE_ADMIN, <MembershipsCard userId="u2" />);
    const [grace, oldMill] = await screen.findAllByRole('listitem');
    expect((within(grace).getByRole('checkbox', { name: 'Home: Grace Chapel' }) as HTMLInputElement).disabled).toBe(false);
    expect(within(grace).getByRole('button', { name: 'Remove membership Grace Chapel' })).toBeTruthy();
    expect(within(oldMill).getByText('Inactive')).toBeTruthy();
    expect((within(oldMill).getByRole('checkbox', { name: 'Home: Old Mill Church' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(oldMill).queryByRole('button', { name: /Remove/ })).toBeNull();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Add Membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Membership' });
    expect((within(dialog).getByRole('checkbox', { name: 'Home' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Add Membership' }));
    expect(await within(dialog).findByText('Location is required')).toBeTruthy();
    await user.type(within(dialog).getByRole('combobox', { name: /Church/ }), 'Mou');
    await user.click(await screen.findByRole('option', { name: /Mount Hope Church/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Membership' }));
    await waitFor(() => expect(server.to('/api/church/add-church-memberships')).toHaveLength(1));
    expect(server.to('/api/church/add-church-memberships')[0].body).toEqual({ userIds: ['u2'], churchId: 'c3', constituent: true });
  });

  it("offers a reader who may not change memberships (a bishop) no Add, no Remove and no 'Home' toggle", async () => {
    fakeServer({ 'GET /api/church/church-memberships/{userId}': () => memberships });
    renderCard({ role: 'Bishop' }, <MembershipsCard userId="u2" />);
    const [grace] = await screen.findAllByRole('listitem');
    expect((within(grace).getByRole('checkbox', { name: 'Home: Grace Chapel' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Remove|Add Membership/ })).toBeNull();
  });
});

const permission = (id: string, entity: string, name: string, flags: { active: boolean; primary: boolean }) => ({
  id, userId: 'u2', entity, entityId: `loc-${id}`, name, locationActive: true, denial: false, ancestorIds: [`loc-${id}`], version: 1, createdAt: '2024-01-01T00:00:00.000Z', ...flags,
});
const kinds = (rows: Partial<Record<'Conference' | 'District' | 'Church', ReturnType<typeof permission>[]>>) => ({ Jurisdiction: [], EpiscopalArea: [], Conference: [], District: [], Church: [], ...rows });

describe("the profile's locations", () => {
  it("warns before removing the user's last conference ('Only Super Admins ...'), asks plainly for others, and offers primary and Remove on active ones only", async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/user/{id}/locations-details': () =>
        kinds({
          Conference: [permission('p1', 'Conference', 'Blue Ridge Conference', { active: true, primary: true })],
          District: [permission('p2', 'District', 'Foothills District', { active: true, primary: false })],
          Church: [permission('p3', 'Church', 'Old Mill Church', { active: false, primary: false })],
        }),
    });
    const { container } = renderCard(CONFERENCE_ADMIN, <LocationsCard userId="u2" />);
    await user.click(await screen.findByRole('button', { name: 'Remove location Blue Ridge Conference' }));
    const last = await screen.findByRole('alertdialog', { name: 'Remove Location' });
    expect(within(last).getByText(LAST_CONFERENCE_MESSAGE)).toBeTruthy();
    await user.click(within(last).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Remove location Foothills District' }));
    expect(await screen.findByText('Remove Foothills District from this user?')).toBeTruthy();
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove Location' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    const [conference, district, church] = screen.getAllByRole('listitem');
    expect(within(conference).queryByRole('button', { name: /Make primary/ })).toBeNull();
    expect(within(district).getByRole('button', { name: 'Make primary: Foothills District' })).toBeTruthy();
    expect(within(church).getByText('Inactive')).toBeTruthy();
    expect(within(church).queryByRole('button')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('says to contact an admin when the user has no location, and offers an advisor no Add Location', async () => {
    fakeServer({ 'GET /api/user/{id}/locations-details': () => kinds({}) });
    renderCard({ role: 'Advisor' }, <LocationsCard userId="u2" />);
    expect(await screen.findByText('Please contact an admin to add a location to your profile.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Location' })).toBeNull();
  });
});
