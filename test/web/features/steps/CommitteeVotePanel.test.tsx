import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VOTE_QUORUM_NOT_MET, type CommitteeVoteView } from '@shared/schemas/committee-vote';
import StepPage from '../../../../web/src/features/steps/StepPage';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer, renderPage, type SentRequest } from '../admin/admin-harness';

/** The step page's committee vote (issue 26): what the chair, a member and the participant see and send. */
const PATH = '/api/step/step-instance/s1';
const ACTION_PATH = '/api/step/instance/action/a1';
const carla = { id: 'u-carla', firstName: 'Carla', lastName: 'Mendes' };
const me = { id: 'viewer', firstName: 'Vera', lastName: 'Viewer' };
const omar = { id: 'u-omar', firstName: 'Omar', lastName: 'Haddad' };
const vote: CommitteeVoteView = {
  state: 'notOpened',
  rule: { quorumKind: 'count', quorum: 2, majority: 'simple', base: 'cast', text: 'Quorum 2 members; simple majority of votes cast' },
  group: { id: 'g1', name: 'Ordination committee', chair: carla },
  isChair: false, mine: null, canVote: false, ballots: null, tally: null, memberCount: 3, votedCount: 0, version: 1,
};
const tally = { approve: 1, deny: 1, abstain: 0, recused: 1, eligible: 2, present: 2, quorumNeeded: 2, quorumMet: true, outcome: 'denied' as const };
const action = { id: 'a1', actionTemplateId: 'at1', version: 1, type: 'Committee Vote', name: 'Committee decision', roleName: 'Advisor', approved: null, user: null, canDecide: false, vote };
const page = (voteView: Partial<CommitteeVoteView> | null, extra: Record<string, unknown> = {}) => ({
  id: 's1', version: 1, status: 'PendingReview', stepTemplateId: 't1', trackInstanceId: 'ti1', trackTemplateId: 'tt1', trackName: 'Candidacy Pathway', name: 'Ordination interview',
  description: '', attachments: [], canChangeStatus: false, contentDone: true, contents: [],
  actions: [{ ...action, ...extra, vote: voteView && { ...vote, ...voteView } }],
});
const render = () => renderPage('/step/s1', { role: 'Interviewer' }, { path: 'step/:id', element: <StepPage /> });
const item = () => screen.getByRole('listitem');
const bodyTo = (server: ReturnType<typeof fakeServer>, path: string) => (server.to(path, 'POST') as SentRequest[]).map((request) => request.body);

describe('the committee vote panel', () => {
  it("offers whoever sees the vote the candidate's packet for the meeting; the participant, who sees no vote, is not offered it", async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`GET ${PATH}`]: () => page({}),
      'POST /api/track/track-instance/ti1/packet': () => ({ status: 202, body: { jobId: 'job-packet' } }),
      'GET /api/job/job-packet': () => ({ id: 'job-packet', kind: 'enrolment.packet', title: 'Candidate packet', status: 'running', done: 1, total: 2, createdAt: '2026-12-07T12:00:00.000Z', updatedAt: '2026-12-07T12:00:00.000Z' }),
    });
    const { container, unmount } = render();
    const section = await screen.findByRole('region', { name: 'For the committee' });
    await user.click(within(section).getByRole('button', { name: 'Candidate packet (PDF)' }));
    await waitFor(() => expect(bodyTo(server, '/api/track/track-instance/ti1/packet')).toEqual([{ pageSize: 'A4' }]));
    await expectNoAxeViolations(container);
    unmount();
    fakeServer({ [`GET ${PATH}`]: () => page(null) });
    render();
    await screen.findByText('Committee decision');
    expect(screen.queryByRole('region', { name: 'For the committee' })).toBeNull();
  });

  it("shows the chair 'Open vote', disabled with SPEC's reason until the content is done", async () => {
    fakeServer({ [`GET ${PATH}`]: () => ({ ...page({ isChair: true }), contentDone: false }) });
    const { container } = render();
    const open = await screen.findByRole('button', { name: 'Open vote' });
    expect(open.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Not all contents have been completed!')).toBeTruthy();
    expect(screen.getByText('Not opened')).toBeTruthy();
    expect(screen.getByText('Quorum 2 members; simple majority of votes cast')).toBeTruthy();
    expect(screen.getByText('Ordination committee · Chair: Carla Mendes')).toBeTruthy();
    // A vote is never decided by Approve and Deny.
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('lets the chair open the vote, keeps it open when the quorum is not met, and closes it with the minutes', async () => {
    const user = userEvent.setup();
    const opened = page({ isChair: true, state: 'open', votedCount: 1, tally: { ...tally, approve: 1, deny: 0, recused: 0, present: 1, quorumMet: false, outcome: null } }, { version: 2 });
    const closed = page(
      { isChair: true, state: 'closed', votedCount: 2, tally, closedBy: carla, closedAt: '2026-03-02T10:00:00.000Z', minutes: 'Discussed the call story.', ballots: [] },
      { version: 3, approved: false, user: carla },
    );
    let closes = 0;
    const server = fakeServer({
      [`GET ${PATH}`]: () => page({ isChair: true }),
      [`POST ${ACTION_PATH}/open-vote`]: () => opened,
      [`POST ${ACTION_PATH}/close-vote`]: () => (++closes === 1 ? { status: 409, body: { message: VOTE_QUORUM_NOT_MET } } : closed),
    });
    const { container } = render();
    await user.click(await screen.findByRole('button', { name: 'Open vote' }));
    expect(await screen.findByText('1 of 3 members have voted')).toBeTruthy();
    expect(bodyTo(server, `${ACTION_PATH}/open-vote`)).toEqual([{ version: 1 }]);
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open vote' })).toBeNull();
    const tallyTable = screen.getByRole('table', { name: 'Tally' });
    expect(within(tallyTable).getByRole('row', { name: 'Quorum met No' })).toBeTruthy();
    await expectNoAxeViolations(container);

    await user.type(screen.getByRole('textbox', { name: 'Minutes' }), 'Discussed the call story.');
    await user.click(screen.getByRole('button', { name: 'Close vote' }));
    expect(await screen.findByText(VOTE_QUORUM_NOT_MET)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close vote' }));
    await waitFor(() => expect(screen.getByText('Denied')).toBeTruthy());
    expect(bodyTo(server, `${ACTION_PATH}/close-vote`)).toEqual([
      { version: 2, minutes: 'Discussed the call story.' },
      { version: 2, minutes: 'Discussed the call story.' },
    ]);
    expect(screen.queryByText(VOTE_QUORUM_NOT_MET)).toBeNull();
    expect(screen.getByText('Closed')).toBeTruthy();
    expect(screen.getByText(/Closed by Carla Mendes/)).toBeTruthy();
    expect(screen.getByText('Discussed the call story.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close vote' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Denied'));
  });

  it('lets a member vote with a note, then change the vote, and shows the tally and ballots they may see', async () => {
    const user = userEvent.setup();
    const voted = page({
      state: 'open', mine: { user: me, choice: 'Deny', note: 'Not yet.' }, canVote: true, votedCount: 2, tally,
      ballots: [
        { user: me, choice: 'Deny', note: 'Not yet.' },
        { user: carla, choice: 'Approve', note: '' },
        { user: omar, choice: 'Recused', reason: "You are the participant's mentor.", automatic: true },
      ],
    });
    const server = fakeServer({
      [`GET ${PATH}`]: () => page({ state: 'open', mine: { user: me, choice: null }, canVote: true, votedCount: 1 }),
      [`POST ${ACTION_PATH}/vote`]: () => voted,
    });
    const { container } = render();
    expect(await screen.findByText('1 of 3 members have voted')).toBeTruthy();
    // A member who is not the chair: no chair's controls, no tally before they vote.
    expect(screen.queryByRole('button', { name: 'Close vote' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Minutes' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    await expectNoAxeViolations(container);

    // No choice yet: the shared schema's message, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Submit vote' }));
    expect(await screen.findByText('Vote Approve, Deny or Abstain.')).toBeTruthy();
    expect(server.to(`${ACTION_PATH}/vote`, 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Deny' }));
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Not yet.');
    await user.click(screen.getByRole('button', { name: 'Submit vote' }));
    expect(await screen.findByRole('button', { name: 'Change vote' })).toBeTruthy();
    expect(bodyTo(server, `${ACTION_PATH}/vote`)).toEqual([{ choice: 'Deny', note: 'Not yet.' }]);
    expect(screen.getByRole('radio', { name: 'Deny' })).toHaveProperty('checked', true);

    const tallyTable = screen.getByRole('table', { name: 'Tally' });
    expect(within(tallyTable).getByRole('row', { name: 'Approve 1' })).toBeTruthy();
    expect(within(tallyTable).getByRole('row', { name: 'Recused 1' })).toBeTruthy();
    expect(within(tallyTable).getByRole('row', { name: 'Quorum needed 2' })).toBeTruthy();
    const ballots = screen.getByRole('table', { name: 'Ballots' });
    expect(within(ballots).getByRole('row', { name: /Vera Viewer Deny Not yet\./ })).toBeTruthy();
    expect(within(ballots).getByRole('row', { name: /Omar Haddad Recused You are the participant's mentor\. \(automatic\)/ })).toBeTruthy();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('radio', { name: 'Abstain' }));
    await user.click(screen.getByRole('button', { name: 'Change vote' }));
    await waitFor(() => expect(server.to(`${ACTION_PATH}/vote`, 'POST')).toHaveLength(2));
    expect(bodyTo(server, `${ACTION_PATH}/vote`)[1]).toEqual({ choice: 'Abstain', note: 'Not yet.' });
  });

  it('lets a member recuse with a reason, then says so instead of the ballot', async () => {
    const user = userEvent.setup();
    const recused = page({ state: 'open', mine: { user: me, choice: 'Recused', reason: 'I taught the candidate.' }, canVote: false, votedCount: 1, tally, ballots: [] });
    const server = fakeServer({
      [`GET ${PATH}`]: () => page({ state: 'open', mine: { user: me, choice: null }, canVote: true }),
      [`POST ${ACTION_PATH}/recuse`]: () => recused,
    });
    const { container } = render();
    await user.click(await screen.findByRole('button', { name: 'Recuse' }));
    const reason = screen.getByRole('textbox', { name: /Reason for recusal/ });
    expect(document.activeElement).toBe(reason);
    await user.click(screen.getByRole('button', { name: 'Confirm recusal' }));
    expect(await screen.findByText('A reason is required.')).toBeTruthy();
    expect(server.to(`${ACTION_PATH}/recuse`, 'POST')).toHaveLength(0);
    await expectNoAxeViolations(container);

    await user.type(reason, 'I taught the candidate.');
    await user.click(screen.getByRole('button', { name: 'Confirm recusal' }));
    expect(await screen.findByText('You are recused: I taught the candidate.')).toBeTruthy();
    expect(bodyTo(server, `${ACTION_PATH}/recuse`)).toEqual([{ reason: 'I taught the candidate.' }]);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit vote' })).toBeNull();
  });

  it('shows a closed vote to a member: the outcome, who closed it and when, the minutes and every ballot; no controls', async () => {
    fakeServer({
      [`GET ${PATH}`]: () =>
        page(
          {
            state: 'closed', mine: { user: me, choice: 'Approve' }, canVote: false, votedCount: 2, tally: { ...tally, outcome: 'approved', deny: 0, approve: 2 },
            ballots: [{ user: me, choice: 'Approve' }, { user: carla, choice: 'Approve' }, { user: omar, choice: null }], closedBy: carla, closedAt: '2026-03-02T10:00:00.000Z', minutes: 'Unanimous.',
          },
          { approved: true, user: carla },
        ),
    });
    const { container } = render();
    expect(await screen.findByText('Approved')).toBeTruthy();
    expect(within(item()).getByText('Closed')).toBeTruthy();
    expect(screen.getByText(/Closed by Carla Mendes on/)).toBeTruthy();
    expect(screen.getByText('Unanimous.')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Ballots' })).getByRole('row', { name: /Omar Haddad Not voted/ })).toBeTruthy();
    expect(within(item()).queryByRole('button')).toBeNull();
    expect(screen.queryByText(/members have voted/)).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('shows the participant only whom the vote awaits, and then its outcome', async () => {
    fakeServer({ [`GET ${PATH}`]: () => page(null) });
    render();
    expect(await screen.findByText('Awaiting committee vote by Advisor')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('Open vote')).toBeNull();
  });

  it("shows the participant a closed vote's outcome as any action's", async () => {
    fakeServer({ [`GET ${PATH}`]: () => page(null, { approved: false, canDecide: true, user: carla, updatedAt: '2026-03-02T10:00:00.000Z' }) });
    render();
    expect(await screen.findByText('Denied')).toBeTruthy();
    expect(screen.getByText(/by Carla Mendes/)).toBeTruthy();
  });
});
