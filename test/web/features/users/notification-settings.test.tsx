import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProfileDetails } from '../../../../shared/schemas/user-profile';
import { DetailsCard, DIGEST_CHOICE } from '../../../../web/src/features/users/profile/DetailsCard';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer, renderPage, type Viewer } from '../admin/admin-harness';

const ME: Viewer = { role: 'Participant' };

const details = (changes: Partial<ProfileDetails> = {}): ProfileDetails => ({
  id: 'u1', firstName: 'Dana', lastName: 'Digest', email: 'dana@example.org', emailSuppressed: false, isPhoneNumberVerified: false, smsOptIn: false,
  emailNotificationsOptIn: true, emailDigest: false, address: {}, version: 3, canEdit: true, canManageAll: false, missingConference: false, ...changes,
});

/** The details as the server keeps them: a save applies the body and moves the version. */
function profileServer(start: ProfileDetails) {
  let current = start;
  return fakeServer({
    'GET /api/user/user-profile-basic-info/u1/true': () => current,
    'PATCH /api/user/u1': (request) => {
      const { version, ...changes } = request.body as Partial<ProfileDetails> & { version: number };
      if (version !== current.version) return { status: 409, body: { message: 'This item was changed by someone else. Reload it and try again.' } };
      current = { ...current, ...changes, version: current.version + 1 };
      return current;
    },
  });
}

const renderCard = () => renderPage('/users/u1', ME, { path: 'users/u1/*', element: <DetailsCard userId="u1" /> });

describe('the profile\'s notification settings', () => {
  it('chooses the daily digest beside Email notifications and saves it on the version read', async () => {
    const user = userEvent.setup();
    const server = profileServer(details());
    const { container } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const digest = screen.getByRole('checkbox', { name: DIGEST_CHOICE });
    expect((digest as HTMLInputElement).checked).toBe(false);
    await user.click(digest);
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.to('/api/user/u1')).toHaveLength(1));
    expect(server.to('/api/user/u1')[0].body).toMatchObject({ emailDigest: true, emailNotificationsOptIn: true, version: 3 });
    expect(await screen.findByText('Email notifications: daily digest')).toBeTruthy();
  });

  it('offers the digest only while email notifications are on', async () => {
    const user = userEvent.setup();
    profileServer(details());
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('checkbox', { name: 'Email notifications' }));
    const digest = screen.getByRole('checkbox', { name: DIGEST_CHOICE });
    expect(digest.hasAttribute('disabled') || digest.closest('label')?.getAttribute('data-disabled') === 'true').toBe(true);
  });

  it('says where the email is shown that mail to it is suppressed, with the reason and date', async () => {
    profileServer(details({ emailSuppressed: true, emailSuppression: { reason: 'bounce', since: '2026-11-20T10:00:00.000Z' } }));
    const { container } = renderCard();
    expect(await screen.findByText('Email to this address is suppressed (bounce on 2026-11-20).')).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});
