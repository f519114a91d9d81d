import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRANSFER_MESSAGES, type TransferView } from '../../../../shared/schemas/transfer';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, CONFERENCE_ADMIN_PERMISSION, SUPERADMIN, fakeServer, pageOfRows, renderAdmin, type Handlers } from './admin-harness';

afterEach(() => vi.unstubAllGlobals());

const TRANSFERS = 'GET /api/conference/{id}/transfers';
const LISTS = '/api/conference/loc-blue-ridge/transfers';
const asConferenceAdmin = (handlers: Handlers) => fakeServer({ 'GET /api/user/user-permissions': () => [CONFERENCE_ADMIN_PERMISSION], ...handlers });

/** Pia asked of Blue Ridge by Holston (outgoing for Blue Ridge), undecided. */
const transfer = (changes: Partial<TransferView> = {}): TransferView => ({
  transferId: 'tr-pia',
  status: 'requested',
  candidate: { userId: 'u-pia', firstName: 'Pia', lastName: 'Pupil', email: 'pia@example.org' },
  from: { conferenceId: 'loc-blue-ridge', name: 'Blue Ridge Conference' },
  to: { conferenceId: 'loc-holston', name: 'Holston Conference', locationId: 'loc-north', locationName: 'North District' },
  note: 'She moved to Knoxville.',
  tracks: [],
  requestedBy: { userId: 'u-hal', name: 'Hal Holston' },
  requestedAt: '2026-10-01T09:00:00.000Z',
  canDecide: true,
  canCancel: false,
  version: 3,
  ...changes,
});
/** Sam asked by Blue Ridge of Holston (incoming for Blue Ridge), undecided. */
const incoming = transfer({
  transferId: 'tr-sam',
  candidate: { userId: 'u-sam', firstName: 'Sam', lastName: 'Seeker', email: 'sam@example.org' },
  from: { conferenceId: 'loc-holston', name: 'Holston Conference' },
  to: { conferenceId: 'loc-blue-ridge', name: 'Blue Ridge Conference', locationId: 'loc-grace', locationName: 'Grace Chapel' },
  note: '',
  requestedBy: { userId: 'viewer', name: 'Vera Viewer' },
  canDecide: false,
  canCancel: true,
  version: 1,
});
const row = (name: string) => screen.findByRole('listitem', { name });
const badgeOf = (item: HTMLElement) => item.querySelector('.ui-badge')?.textContent;
const lists = (incomingRows: TransferView[], outgoingRows: TransferView[]) => ({ incoming: incomingRows, outgoing: outgoingRows });

describe('the Transfers tab', () => {
  it('shows both empty states, then requests a transfer by email and a district of the conference, with the server’s field message under its field', async () => {
    const user = userEvent.setup();
    let requests = 0;
    const server = asConferenceAdmin({
      [TRANSFERS]: () => (requests === 0 ? lists([], []) : lists([incoming], [])),
      'GET /api/district/quickSearch': () => pageOfRows([{ id: 'loc-north', kind: 'District' as const, name: 'North District', active: true, parentId: 'loc-blue-ridge', parentName: 'Blue Ridge Conference' }]),
      'GET /api/church/quickSearch': () => pageOfRows([{ id: 'loc-grace', kind: 'Church' as const, name: 'Grace Chapel', active: true, parentId: 'loc-north', parentName: 'North District' }]),
      'POST /api/conference/{id}/transfers': () => {
        requests += 1;
        return requests === 1 ? { status: 400, body: { message: 'Validation failed', fieldErrors: { email: [TRANSFER_MESSAGES.noCandidate] } } } : { status: 201, body: incoming };
      },
    });
    const view = renderAdmin('/admin/transfers', CONFERENCE_ADMIN);
    expect(await screen.findByText('No transfers requested by this conference.')).toBeTruthy();
    expect(screen.getByText('No other conference has asked for a candidate of this conference.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Incoming' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Outgoing' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Conference' }) as HTMLInputElement).value).toBe('Blue Ridge Conference');
    await expectNoAxeViolations(view.container);

    // Nothing typed: the schema's messages, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Request transfer' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText(TRANSFER_MESSAGES.placeOutside)).toBeTruthy();
    expect(server.to(LISTS, 'POST')).toHaveLength(0);
    await expectNoAxeViolations(view.container);

    await user.type(screen.getByRole('textbox', { name: /Candidate's email/ }), 'pia@example.org');
    await user.click(screen.getByRole('combobox', { name: /District or church/ }));
    await user.keyboard('gr');
    await user.click(await screen.findByRole('option', { name: /Grace Chapel/ }));
    // Only the districts and churches of the chosen conference are offered.
    expect(server.to('/api/church/quickSearch').at(-1)!.query.get('where[parentId]')).toBe('loc-blue-ridge');
    expect(server.to('/api/district/quickSearch').at(-1)!.query.get('where[parentId]')).toBe('loc-blue-ridge');
    await user.type(screen.getByRole('textbox', { name: 'Note for the other conference' }), 'She moved here.');
    await user.click(screen.getByRole('button', { name: 'Request transfer' }));
    expect(await screen.findByText(TRANSFER_MESSAGES.noCandidate)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Candidate's email/ }).getAttribute('aria-invalid')).toBe('true');
    expect(server.to(LISTS, 'POST')[0].body).toEqual({ email: 'pia@example.org', locationId: 'loc-grace', note: 'She moved here.' });
    await expectNoAxeViolations(view.container);

    await user.click(screen.getByRole('button', { name: 'Request transfer' }));
    expect(await screen.findByText('Sam Seeker was requested from Holston Conference.')).toBeTruthy();
    // The lists are read again: the new request is under Incoming, and the form starts over.
    const sam = await row('Sam Seeker');
    expect(badgeOf(sam)).toBe('Requested');
    expect(within(sam).getByText('Blue Ridge Conference, Grace Chapel')).toBeTruthy();
    expect(within(sam).getByRole('button', { name: 'Withdraw request' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Candidate's email/ }) as HTMLInputElement).value).toBe('');
    await expectNoAxeViolations(view.container);
  });

  it('a transfer of the candidate already under way shows the server’s message above the form', async () => {
    const user = userEvent.setup();
    asConferenceAdmin({
      [TRANSFERS]: () => lists([], []),
      'GET /api/district/quickSearch': () => pageOfRows([{ id: 'loc-north', kind: 'District' as const, name: 'North District', active: true, parentId: 'loc-blue-ridge', parentName: 'Blue Ridge Conference' }]),
      'GET /api/church/quickSearch': () => pageOfRows([]),
      'POST /api/conference/{id}/transfers': () => ({ status: 409, body: { message: TRANSFER_MESSAGES.alreadyOpen } }),
    });
    renderAdmin('/admin/transfers', CONFERENCE_ADMIN);
    await user.type(await screen.findByRole('textbox', { name: /Candidate's email/ }), 'pia@example.org');
    await user.click(screen.getByRole('combobox', { name: /District or church/ }));
    await user.keyboard('nor');
    await user.click(await screen.findByRole('option', { name: /North District/ }));
    await user.click(screen.getByRole('button', { name: 'Request transfer' }));
    expect((await screen.findByRole('alert')).textContent).toContain(TRANSFER_MESSAGES.alreadyOpen);
  });

  it('approves on the version read, after the confirmation, and follows the move until its job ends', async () => {
    const user = userEvent.setup();
    let approved = false;
    let jobReads = 0;
    const moving = transfer({ status: 'moving', jobId: 'job-1', canDecide: false, version: 4, decidedBy: { userId: 'viewer', name: 'Vera Viewer' }, decidedAt: '2026-10-02T09:00:00.000Z', tracks: ['Licensed Local Pastor'] });
    const completed = { ...moving, status: 'completed' as const, jobId: undefined, completedAt: '2026-10-02T09:05:00.000Z', version: 5 };
    const server = asConferenceAdmin({
      [TRANSFERS]: () => lists([], [approved ? (jobReads >= 2 ? completed : moving) : transfer()]),
      'POST /api/conference/transfer/{id}/approve': () => {
        approved = true;
        return moving;
      },
      'GET /api/job/{id}': () => {
        jobReads += 1;
        return { id: 'job-1', kind: 'transfer', title: 'Transferring Pia Pupil to Holston Conference', status: jobReads >= 2 ? 'succeeded' : 'running', done: 1, total: 2, createdAt: '2026-10-02T09:00:00.000Z', updatedAt: '2026-10-02T09:00:00.000Z' };
      },
    });
    const view = renderAdmin('/admin/transfers', CONFERENCE_ADMIN);
    const pia = await row('Pia Pupil');
    expect(within(pia).getByText('pia@example.org')).toBeTruthy();
    expect(within(pia).getByText('Blue Ridge Conference')).toBeTruthy();
    expect(within(pia).getByText('Holston Conference, North District')).toBeTruthy();
    expect(within(pia).getByText(/by Hal Holston/)).toBeTruthy();
    expect(within(pia).getByText('She moved to Knoxville.')).toBeTruthy();
    expect(within(pia).queryByRole('button', { name: 'Withdraw request' })).toBeNull();

    await user.click(within(pia).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve transfer' });
    expect(
      within(dialog).getByText(
        'Approve the transfer of Pia Pupil to Holston Conference? Their enrolments, with their history and files, move to Holston Conference, and Blue Ridge Conference will no longer see them.',
      ),
    ).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await user.click(within(dialog).getByRole('button', { name: 'Approve transfer' }));
    await waitFor(() => expect(server.to('/api/conference/transfer/tr-pia/approve')).toHaveLength(1));
    expect(server.to('/api/conference/transfer/tr-pia/approve')[0].body).toEqual({ version: 3 });
    expect(await screen.findByText('The transfer of Pia Pupil was approved: their enrolments are moving to Holston Conference.')).toBeTruthy();

    // The approver follows the job on the row; when it ends the lists are read again.
    expect(await screen.findByRole('progressbar', { name: 'Transferring Pia Pupil to Holston Conference' })).toBeTruthy();
    expect(badgeOf(await row('Pia Pupil'))).toBe('Moving');
    expect(within(await row('Pia Pupil')).getByText('Licensed Local Pastor')).toBeTruthy();
    await waitFor(() => expect(badgeOf(screen.getByRole('listitem', { name: 'Pia Pupil' }))).toBe('Completed'), { timeout: 5000 });
    expect(screen.queryByRole('progressbar')).toBeNull();
    // Focus stays on the row whose buttons went with the decision.
    expect(document.activeElement?.textContent).toBe('Pia Pupil');
    await expectNoAxeViolations(view.container);
  });

  it('refusing asks for a reason and sends it with the version', async () => {
    const user = userEvent.setup();
    let refused = false;
    const server = asConferenceAdmin({
      [TRANSFERS]: () => lists([], [refused ? transfer({ status: 'refused', canDecide: false, reason: 'Not yet.', version: 4 }) : transfer()]),
      'POST /api/conference/transfer/{id}/refuse': () => {
        refused = true;
        return transfer({ status: 'refused', canDecide: false, reason: 'Not yet.', version: 4 });
      },
    });
    const view = renderAdmin('/admin/transfers', CONFERENCE_ADMIN);
    await user.click(within(await row('Pia Pupil')).getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse transfer' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse transfer' }));
    expect(await within(dialog).findByText('A reason is required.')).toBeTruthy();
    expect(server.to('/api/conference/transfer/tr-pia/refuse')).toHaveLength(0);
    await expectNoAxeViolations(view.container);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Not yet.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse transfer' }));
    await waitFor(() => expect(server.to('/api/conference/transfer/tr-pia/refuse')).toHaveLength(1));
    expect(server.to('/api/conference/transfer/tr-pia/refuse')[0].body).toEqual({ version: 3, reason: 'Not yet.' });
    const pia = await row('Pia Pupil');
    await waitFor(() => expect(badgeOf(pia)).toBe('Refused'));
    expect(within(pia).getByText('Not yet.')).toBeTruthy();
    expect(within(pia).queryByRole('button', { name: 'Approve' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Pia Pupil'));
  });

  it('a withdrawal already overtaken says why and reads the lists again', async () => {
    const user = userEvent.setup();
    const server = asConferenceAdmin({
      [TRANSFERS]: () => lists([incoming], []),
      'POST /api/conference/transfer/{id}/cancel': () => ({ status: 409, body: { message: TRANSFER_MESSAGES.notRequested } }),
    });
    renderAdmin('/admin/transfers', CONFERENCE_ADMIN);
    await user.click(within(await row('Sam Seeker')).getByRole('button', { name: 'Withdraw request' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw request' });
    expect(within(dialog).getByText('Withdraw the request for Sam Seeker? Holston Conference is no longer asked to transfer them.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText(TRANSFER_MESSAGES.notRequested)).toBeTruthy();
    expect(server.to('/api/conference/transfer/tr-sam/cancel')[0].body).toEqual({ version: 1 });
    await waitFor(() => expect(server.to(LISTS, 'GET')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('an approval refused while a committee vote is open stays in the dialog with the server’s message', async () => {
    const user = userEvent.setup();
    asConferenceAdmin({
      [TRANSFERS]: () => lists([], [transfer()]),
      'POST /api/conference/transfer/{id}/approve': () => ({ status: 422, body: { message: TRANSFER_MESSAGES.openVote } }),
    });
    renderAdmin('/admin/transfers', CONFERENCE_ADMIN);
    await user.click(within(await row('Pia Pupil')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve transfer' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve transfer' }));
    expect(await within(dialog).findByText(TRANSFER_MESSAGES.openVote)).toBeTruthy();
  });

  it('a superadmin starts on the first conference and follows any move', async () => {
    const server = fakeServer({
      'GET /api/conference/quickSearch': () => pageOfRows([{ id: 'loc-blue-ridge', kind: 'Conference' as const, name: 'Blue Ridge Conference', active: true, parentId: 'loc-piedmont', parentName: 'Piedmont Area' }]),
      [TRANSFERS]: () => lists([], [transfer({ status: 'moving', jobId: 'job-1', canDecide: false, decidedBy: { userId: 'u-other', name: 'Otto Other' }, decidedAt: '2026-10-02T09:00:00.000Z' })]),
      'GET /api/job/{id}': () => ({ id: 'job-1', kind: 'transfer', title: 'Transferring Pia Pupil to Holston Conference', status: 'running', done: 0, total: null, createdAt: '2026-10-02T09:00:00.000Z', updatedAt: '2026-10-02T09:00:00.000Z' }),
    });
    renderAdmin('/admin/transfers', SUPERADMIN);
    const pia = await row('Pia Pupil');
    expect(server.to('/api/conference/quickSearch')[0].query.get('limit')).toBe('1');
    expect(badgeOf(pia)).toBe('Moving');
    expect(within(pia).getByText(/by Otto Other/)).toBeTruthy();
    // A superadmin reads every job.
    expect(await within(pia).findByRole('progressbar', { name: 'Transferring Pia Pupil to Holston Conference' })).toBeTruthy();
  });

  it('a conference admin who did not approve a move does not read its job', async () => {
    const server = asConferenceAdmin({
      [TRANSFERS]: () => lists([], [transfer({ status: 'moving', jobId: 'job-1', canDecide: false, decidedBy: { userId: 'u-other', name: 'Otto Other' }, decidedAt: '2026-10-02T09:00:00.000Z' })]),
    });
    renderAdmin('/admin/transfers', CONFERENCE_ADMIN);
    expect(badgeOf(await row('Pia Pupil'))).toBe('Moving');
    expect(server.to('/api/job/job-1')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
