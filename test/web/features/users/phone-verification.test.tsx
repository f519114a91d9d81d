import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileDetails } from '../../../../shared/schemas/user-profile';
import { PhoneVerification } from '../../../../web/src/features/users/profile/PhoneVerification';
import { ToastProvider } from '../../../../web/src/components/ui/Toast';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer } from '../../../support/fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const details = (changes: Partial<ProfileDetails>): ProfileDetails => ({
  id: 'u1', firstName: 'Sam', lastName: 'Phone', email: 'sam@example.org', emailSuppressed: false, isPhoneNumberVerified: false, smsOptIn: false,
  emailNotificationsOptIn: true, emailDigest: false, address: {}, version: 1, canEdit: true, canManageAll: false, missingConference: false, phoneNumber: '555-010-1000', ...changes,
});

function show(changes: Partial<ProfileDetails>) {
  const onChanged = vi.fn(async () => undefined);
  return render(
    <ToastProvider>
      <PhoneVerification details={details(changes)} onChanged={onChanged} />
    </ToastProvider>,
  );
}

describe('Verify Primary Number', () => {
  it("sends once, then reads 'Verification Sent' for the rest of the session", async () => {
    const user = userEvent.setup();
    const server = fakeServer({ 'POST /api/communication/u1/trigger-sms-verification': () => ({ sentTo: '555-010-1000' }) });
    const { container, unmount } = show({});
    await user.click(screen.getByRole('button', { name: 'Verify Primary Number' }));
    const sent = await screen.findByRole('button', { name: 'Verification Sent' });
    expect(sent.hasAttribute('disabled') || sent.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(server.to('/api/communication/u1/trigger-sms-verification')).toHaveLength(1);
    await expectNoAxeViolations(container);
    unmount();
    show({});
    expect(await screen.findByRole('button', { name: 'Verification Sent' })).toBeTruthy();
  });

  it("is 'Primary Number Required' and disabled with no number; a verified number shows 'Has Verified Number'; readers see no button", () => {
    show({ phoneNumber: undefined });
    const required = screen.getByRole('button', { name: 'Primary Number Required' });
    expect(required.hasAttribute('disabled') || required.getAttribute('aria-disabled') === 'true').toBe(true);
    show({ isPhoneNumberVerified: true });
    expect(screen.getByText('Has Verified Number')).toBeTruthy();
    show({ canEdit: false });
    expect(screen.queryByRole('button', { name: 'Verify Primary Number' })).toBeNull();
  });

  it('keeps the button when the send is refused, saying why', async () => {
    const user = userEvent.setup();
    fakeServer({ 'POST /api/communication/u1/trigger-sms-verification': () => ({ status: 429, body: { message: 'This number has been sent 5 codes today; try again tomorrow.' } }) });
    show({});
    await user.click(screen.getByRole('button', { name: 'Verify Primary Number' }));
    expect(await screen.findByText('This number has been sent 5 codes today; try again tomorrow.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify Primary Number' })).toBeTruthy();
  });
});
