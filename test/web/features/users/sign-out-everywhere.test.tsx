import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignOutEverywhere } from '../../../../web/src/features/users/SignOutEverywhere';
import { fakeServer } from '../admin/admin-harness';

describe('Sign out everywhere (own profile)', () => {
  const assign = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/users/me', search: '' });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it('asks first, and sends nothing when cancelled', async () => {
    const server = fakeServer({ 'POST /api/security/logout-everywhere': () => ({ url: '/oidc/session/end' }) });
    const user = userEvent.setup();
    render(<SignOutEverywhere />);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere' });
    expect(dialog.textContent).toContain('Are you sure you want to sign out on every browser and device, including this one?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests).toEqual([]);
  });

  it('on confirm ends every session and leaves through the provider sign-out', async () => {
    const server = fakeServer({ 'POST /api/security/logout-everywhere': () => ({ url: '/oidc/session/end' }) });
    const user = userEvent.setup();
    render(<SignOutEverywhere />);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/oidc/session/end'));
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/security/logout-everywhere']);
  });
});
