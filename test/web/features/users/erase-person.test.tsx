import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERASE_CONFIRM_LABEL, type ErasurePreview } from '../../../../shared/api/user-erasure';
import { ToastProvider } from '../../../../web/src/components/ui/Toast';
import { ErasePersonDialog } from '../../../../web/src/features/users/erasure/ErasePersonDialog';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer } from '../../../support/fake-server';

afterEach(() => vi.unstubAllGlobals());

function wrap(children: ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter>
        <ToastProvider>{children}</ToastProvider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const erases = { aliases: 1, tags: 2, comments: 0, mentorLinks: 1, memberships: 1, files: 3, enrolments: 1 };
const allowed: ErasurePreview = { userId: 'u7', fullName: 'Zebulon Quorum', version: 4, reasons: [], erases };
const keptUntil = 'The enrolment in Candidacy Pathway (withdrawn, closed 2024-05-01) is kept until 2034-05-01 under its conference\'s retention policy (10 years).';
const held = 'A legal hold on this person (Zebulon Quorum), placed by Sam Super on 2026-03-04, keeps it until the hold is lifted.';
const refused: ErasurePreview = {
  ...allowed,
  reasons: [
    { kind: 'hold', message: held },
    { kind: 'keptEnrolment', message: keptUntil, until: '2034-05-01' },
  ],
};

describe('Erase person', () => {
  it('shows why erasure is refused (which and when) and offers no way to confirm', async () => {
    const server = fakeServer({ 'GET /api/user/user-profile/u7/erasure': () => refused });
    const view = wrap(<ErasePersonDialog userId="u7" onClose={() => undefined} onErased={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Erase person' });
    const reasons = await within(dialog).findByRole('list', { name: 'Why erasure is refused' });
    expect(within(reasons).getAllByRole('listitem').map((item) => item.textContent)).toEqual([held, keptUntil]);
    expect(within(dialog).queryByRole('button', { name: 'Erase' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: new RegExp(ERASE_CONFIRM_LABEL) })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await expectNoAxeViolations(view.container);
    expect(server.to('/api/user/user-profile/u7/erase')).toHaveLength(0);
  });

  it('lists what goes; Erase stays disabled until the typed name matches, then erases on the version read', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/user/user-profile/u7/erasure': () => allowed,
      'POST /api/user/user-profile/u7/erase': () => ({ status: 202, body: { jobId: 'erase-u7' } }),
      'GET /api/job/erase-u7': () => ({ id: 'erase-u7', kind: 'user.erase', title: 'Erasing a person', status: 'running', done: 2, total: 12, createdAt: '2026-03-04T12:00:00.000Z', updatedAt: '2026-03-04T12:00:00.000Z' }),
    });
    const onErased = vi.fn();
    const view = wrap(<ErasePersonDialog userId="u7" onClose={() => undefined} onErased={onErased} />);
    const dialog = await screen.findByRole('dialog', { name: 'Erase person' });
    const field = await within(dialog).findByRole('textbox', { name: new RegExp(ERASE_CONFIRM_LABEL) });
    expect(within(dialog).getByText('3 files')).toBeTruthy();
    const erase = within(dialog).getByRole('button', { name: 'Erase' });
    expect(erase.hasAttribute('disabled') || erase.getAttribute('aria-disabled') === 'true').toBe(true);

    await user.type(field, 'Zebulon Quorom');
    expect(erase.hasAttribute('disabled') || erase.getAttribute('aria-disabled') === 'true').toBe(true);
    await user.click(erase);
    expect(server.to('/api/user/user-profile/u7/erase')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'Zebulon Quorum');
    expect(erase.hasAttribute('disabled') || erase.getAttribute('aria-disabled') === 'true').toBe(false);
    await expectNoAxeViolations(view.container);
    await user.click(erase);
    await vi.waitFor(() => expect(onErased).toHaveBeenCalled());
    expect(server.to('/api/user/user-profile/u7/erase')[0].body).toEqual({ fullName: 'Zebulon Quorum', version: 4 });
  });
});
