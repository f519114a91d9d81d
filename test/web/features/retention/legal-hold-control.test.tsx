import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_REASON_MESSAGE } from '../../../../shared/schemas/retention';
import { LegalHoldControl } from '../../../../web/src/features/retention/LegalHoldControl';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage } from '../admin/admin-harness';

afterEach(() => vi.unstubAllGlobals());

const HOLD_PATH = '/api/conference/legal-holds/User/u-pia';
const held = (version: number, active: boolean) => ({
  recordKind: 'User' as const,
  recordId: 'u-pia',
  conferenceId: 'loc-blue-ridge',
  subject: 'Pia Pupil',
  reason: 'Appeal pending',
  active,
  placedBy: 'viewer',
  placedByName: 'Vera Viewer',
  placedAt: '2026-12-01T09:00:00.000Z',
  ...(active ? {} : { liftedAt: '2026-12-02T09:00:00.000Z' }),
  version,
});

const renderControl = () => renderPage('/users/u-pia/x', CONFERENCE_ADMIN, { path: 'users/:id/x', element: <LegalHoldControl recordKind="User" recordId="u-pia" /> });

describe('a record’s legal hold', () => {
  it('places a hold with a reason (the reason is required), then lifts it on the version it read', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`GET ${HOLD_PATH}`]: () => null,
      [`POST ${HOLD_PATH}`]: (request) => ({ ...held(1, true), reason: (request.body as { reason: string }).reason }),
      [`POST ${HOLD_PATH}/lift`]: () => held(2, false),
    });
    const view = renderControl();
    expect(await screen.findByText('No legal hold. Retention periods apply to this person.')).toBeTruthy();
    await expectNoAxeViolations(view.container);

    await user.click(screen.getByRole('button', { name: 'Place legal hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place legal hold' });
    await user.click(screen.getByRole('button', { name: 'Place hold' }));
    expect(await screen.findByText(HOLD_REASON_MESSAGE)).toBeTruthy();
    expect(server.to(HOLD_PATH).filter((request) => request.method === 'POST')).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), '  Appeal pending ');
    await user.click(screen.getByRole('button', { name: 'Place hold' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(server.to(HOLD_PATH).find((request) => request.method === 'POST')!.body).toEqual({ reason: 'Appeal pending', version: 0 });
    expect(await screen.findByText('Appeal pending')).toBeTruthy();
    expect(screen.getByText(/by Vera Viewer/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Lift legal hold' }));
    await screen.findByRole('alertdialog', { name: 'Lift legal hold' });
    await user.click(screen.getByRole('button', { name: 'Lift hold' }));
    await waitFor(() => expect(server.to(`${HOLD_PATH}/lift`)).toHaveLength(1));
    expect(server.to(`${HOLD_PATH}/lift`)[0].body).toEqual({ version: 1 });
    expect(await screen.findByRole('button', { name: 'Place legal hold' })).toBeTruthy();
  });

  it('shows nothing to someone the server refuses, so a peer never learns a hold exists', async () => {
    const server = fakeServer({ [`GET ${HOLD_PATH}`]: () => ({ status: 403, body: { message: 'Forbidden' } }) });
    renderControl();
    await waitFor(() => expect(server.to(HOLD_PATH)).toHaveLength(1));
    // Let the refusal's answer settle into a render (promise turns only, no timer).
    for (let turn = 0; turn < 5; turn++) await act(async () => undefined);
    expect(screen.queryByRole('heading', { name: 'Legal hold' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
