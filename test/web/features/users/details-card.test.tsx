import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProfileDetails } from '../../../../shared/schemas/user-profile';
import { STALE_VERSION_MESSAGE } from '../../../../web/src/lib/forms/save-errors';
import { DetailsCard } from '../../../../web/src/features/users/profile/DetailsCard';
import { fakeServer, renderPage, type Viewer } from '../admin/admin-harness';

/** The profile's details in Edit (SPEC.md sections 4 and 5): the changed and email-changed flags, SMS opt-in, phone, a concurrent edit. */
const ADMIN: Viewer = { role: 'ConferenceAdmin' };
const EMAIL_HINT = 'Changed: a confirmation link goes to the new address when you save.';

const details = (changes: Partial<ProfileDetails> = {}): ProfileDetails => ({
  id: 'u1', firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.org', emailSuppressed: false, isPhoneNumberVerified: false, smsOptIn: false,
  emailNotificationsOptIn: true, emailDigest: false, address: {}, version: 3, canEdit: true, canManageAll: false, missingConference: false, ...changes,
});

/** The details as the server keeps them; `saved` moves the version (as another admin's save would). */
function profileServer(start: ProfileDetails) {
  let current = start;
  const server = fakeServer({
    'GET /api/user/user-profile-basic-info/u1/true': () => current,
    'PATCH /api/user/u1': (request) => {
      const { version, ...changes } = request.body as Partial<ProfileDetails> & { version: number };
      if (version !== current.version) return { status: 409, body: { message: STALE_VERSION_MESSAGE } };
      current = { ...current, ...changes, version: current.version + 1 };
      return current;
    },
  });
  return { server, savedElsewhere: () => (current = { ...current, middleName: 'Elsewhere', version: current.version + 1 }) };
}

async function openEdit() {
  renderPage('/users/u1', ADMIN, { path: 'users/u1/*', element: <DetailsCard userId="u1" /> });
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.getByRole('form', { name: 'Edit details' });
}

describe("the profile's details in Edit", () => {
  it('enables Save only after a change; a changed email says a link goes to it, and restoring it clears both flags', async () => {
    const user = userEvent.setup();
    profileServer(details());
    await openEdit();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, 'dana.new@example.org');
    expect(screen.getByText(EMAIL_HINT)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
    await user.clear(email);
    await user.type(email, 'dana@example.org');
    expect(screen.queryByText(EMAIL_HINT)).toBeNull();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('keeps SMS opt-in disabled unless it is already on or the number is verified', async () => {
    profileServer(details({ phoneNumber: '704-555-0100' }));
    await openEdit();
    expect((screen.getByRole('checkbox', { name: 'SMS opt-in' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('allows SMS opt-in for a verified number', async () => {
    profileServer(details({ phoneNumber: '704-555-0100', isPhoneNumberVerified: true }));
    await openEdit();
    expect((screen.getByRole('checkbox', { name: 'SMS opt-in' }) as HTMLInputElement).disabled).toBe(false);
  });

  it("refuses a number of the wrong length or country with SPEC's messages, then saves a valid one grouped 3-3-4", async () => {
    const user = userEvent.setup();
    const { server } = profileServer(details());
    await openEdit();
    const phone = screen.getByRole('textbox', { name: 'Primary Number' });
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid phone number length')).toBeTruthy();
    await user.clear(phone);
    await user.type(phone, '+44 20 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid country code (+1 US only)')).toBeTruthy();
    expect(server.to('/api/user/u1')).toHaveLength(0);
    // More than ten digits is the length message, a country code 1 or not (SPEC.md section 5).
    await user.clear(phone);
    await user.type(phone, '17045550100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid phone number length')).toBeTruthy();
    expect(server.to('/api/user/u1')).toHaveLength(0);
    await user.clear(phone);
    await user.type(phone, '+1 (704) 555 0100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.to('/api/user/u1')).toHaveLength(1));
    expect(server.to('/api/user/u1')[0].body).toMatchObject({ phoneNumber: '+1 704-555-0100', version: 3 });
  });

  it("refuses an emptied number with 'Invalid phone number length', and saves other fields of a profile without one", async () => {
    const user = userEvent.setup();
    const { server } = profileServer(details({ phoneNumber: '704-555-0100' }));
    await openEdit();
    await user.clear(screen.getByRole('textbox', { name: 'Primary Number' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid phone number length')).toBeTruthy();
    expect(server.to('/api/user/u1')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Primary Number' }), '704-555-0100');
    await user.type(screen.getByRole('textbox', { name: 'Middle Name' }), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.to('/api/user/u1')).toHaveLength(1));
    // Neither number changed: neither goes (the second was never set, and stays so).
    expect(server.to('/api/user/u1')[0].body).toEqual(expect.objectContaining({ middleName: 'Ann', version: 3 }));
    expect(server.to('/api/user/u1')[0].body).not.toHaveProperty('phoneNumber');
    expect(server.to('/api/user/u1')[0].body).not.toHaveProperty('secondPhoneNumber');
  });

  it('says the profile changed when another save came first (409), keeping what was typed', async () => {
    const user = userEvent.setup();
    const { server, savedElsewhere } = profileServer(details());
    await openEdit();
    savedElsewhere();
    const middle = screen.getByRole('textbox', { name: 'Middle Name' });
    await user.type(middle, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(STALE_VERSION_MESSAGE)).toBeTruthy();
    expect(server.to('/api/user/u1')[0].body).toMatchObject({ middleName: 'Mine', version: 3 });
    expect((screen.getByRole('textbox', { name: 'Middle Name' }) as HTMLInputElement).value).toBe('Mine');
  });
});
