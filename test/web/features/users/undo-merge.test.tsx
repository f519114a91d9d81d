import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileDetails } from '../../../../shared/schemas/user-profile';
import { ToastProvider } from '../../../../web/src/components/ui/Toast';
import { UndoMergeButton } from '../../../../web/src/features/users/merge/UndoMergeButton';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer } from '../../../support/fake-server';

afterEach(() => vi.unstubAllGlobals());

const at = '2026-03-04T12:00:00.000Z';
const robert = { roles: [], createdAt: at, updatedAt: at, inactive: true, registered: true, id: 'u2', firstName: 'Robert', lastName: 'Smyth', email: 'robert@example.org', mergedUserId: 'u3' };
const undo = { from: { userId: 'u2', label: 'Robert Smyth (robert@example.org)' }, to: { userId: 'u3', label: 'Bob Smith (bob@example.org)' }, mergedAt: at, undoUntil: '2026-04-03T12:00:00.000Z' };

const details = (canManageAll: boolean): ProfileDetails => ({
  id: 'u2', firstName: 'Robert', lastName: 'Smyth', email: 'robert@example.org', emailSuppressed: false, isPhoneNumberVerified: false, smsOptIn: false,
  emailNotificationsOptIn: true, emailDigest: false, address: {}, version: 1, canEdit: true, canManageAll, missingConference: false,
});

const wrap = (onUndone = () => undefined) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter>
        <ToastProvider>
          <UndoMergeButton user={robert} onUndone={onUndone} />
        </ToastProvider>
      </MemoryRouter>
    </SWRConfig>,
  );

describe('Undo merge', () => {
  it('asks, naming both people and the deadline, then undoes and follows the job', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/user/user-profile-basic-info/u2/true': () => details(true),
      'GET /api/user/user-profile/u2/merge-undo': () => ({ undo }),
      'PATCH /api/user/user-profile/merge/undo': () => ({ status: 202, body: { jobId: 'undo-merge-u2', namesRestored: true } }),
      'GET /api/job/undo-merge-u2': () => ({ id: 'undo-merge-u2', kind: 'user.mergeUndo', title: 'Undoing', status: 'running', done: 3, total: 23, createdAt: at, updatedAt: at }),
    });
    const onUndone = vi.fn();
    const view = wrap(onUndone);
    await user.click(await screen.findByRole('button', { name: 'Undo merge' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo merge' });
    expect(dialog.textContent).toContain('Robert Smyth (robert@example.org) was merged into Bob Smith (bob@example.org)');
    expect(dialog.textContent).toContain('Possible until');
    expect(dialog.textContent).toContain('2026');
    // Focus starts on Cancel: Enter never undoes by accident.
    expect(document.activeElement?.textContent).toBe('Cancel');
    await expectNoAxeViolations(view.container);
    await user.click(within(dialog).getByRole('button', { name: 'Undo merge' }));
    await vi.waitFor(() => expect(onUndone).toHaveBeenCalled());
    expect(server.to('/api/user/user-profile/merge/undo')[0].body).toEqual({ fromUserId: 'u2' });
  });

  it('cancels with the keyboard and sends nothing', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/user/user-profile-basic-info/u2/true': () => details(true),
      'GET /api/user/user-profile/u2/merge-undo': () => ({ undo }),
    });
    wrap();
    (await screen.findByRole('button', { name: 'Undo merge' })).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('alertdialog', { name: 'Undo merge' });
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.to('/api/user/user-profile/merge/undo')).toHaveLength(0);
  });

  it('shows nothing when no undo is possible, and asks nothing of a viewer who does not manage all', async () => {
    const server = fakeServer({
      'GET /api/user/user-profile-basic-info/u2/true': () => details(false),
      'GET /api/user/user-profile/u2/merge-undo': () => ({ undo }),
    });
    wrap();
    await vi.waitFor(() => expect(server.to('/api/user/user-profile-basic-info/u2/true')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Undo merge' })).toBeNull();
    expect(server.to('/api/user/user-profile/u2/merge-undo')).toHaveLength(0);
  });
});
