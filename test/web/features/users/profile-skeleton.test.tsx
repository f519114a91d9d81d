import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProfileDetails } from '../../../../shared/schemas/user-profile';
import { DetailsCard } from '../../../../web/src/features/users/profile/DetailsCard';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer, renderPage, type Viewer } from '../admin/admin-harness';

const details = (canManageAll: boolean): ProfileDetails => ({
  id: 'u1', firstName: 'Dana', lastName: 'Skeleton', email: 'dana@example.org', emailSuppressed: false, isPhoneNumberVerified: false, smsOptIn: false,
  emailNotificationsOptIn: true, emailDigest: false, address: {}, version: 1, canEdit: true, canManageAll, missingConference: false,
  ...(canManageAll ? { salesforceId: 'SF-1' } : {}),
});

const labels = (container: HTMLElement) => [...container.querySelectorAll('dt')].map((term) => term.textContent);

// The card keeps its final size while it loads (no layout shift for the cards below): the same
// heading and rows, grey values, and the wait announced.
describe.each([
  ['a participant', { role: 'Participant' } as Viewer, false],
  ['a superadmin (Salesforce ID and PID rows)', { role: 'Superadmin' } as Viewer, true],
])('the profile details while loading, for %s', (_, viewer, manageAll) => {
  it('shows the heading and every row it will show, with the wait announced', async () => {
    fakeServer({ 'GET /api/user/user-profile-basic-info/u1/true': () => details(manageAll) });
    const { container } = renderPage('/users/u1', viewer, { path: 'users/u1/*', element: <DetailsCard userId="u1" /> });
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    expect(screen.getByText('Loading details...').closest('[role="status"]')).toBeTruthy();
    const loading = labels(container);
    await expectNoAxeViolations(container);
    await screen.findByRole('button', { name: 'Edit' });
    expect(labels(container)).toEqual(loading);
    expect(loading).toContain('Address');
    expect(loading.includes('Salesforce ID')).toBe(manageAll);
  });
});
