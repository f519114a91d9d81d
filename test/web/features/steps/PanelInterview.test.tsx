import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CommitteeVoteView } from '@shared/schemas/committee-vote';
import { INTERVIEW_MESSAGES, type InterviewPage, type InterviewView } from '@shared/schemas/panel-interview';
import StepPage from '../../../../web/src/features/steps/StepPage';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer, renderPage, type SentRequest } from '../admin/admin-harness';

/** A committee vote's panel interview on the step page (issue 26, item 3): what the chair, a member and the participant see and send. */
const PATH = '/api/step/step-instance/s1';
const INTERVIEW = '/api/step/instance/action/a1/interview';
const carla = { id: 'u-carla', firstName: 'Carla', lastName: 'Mendes' };
const me = { id: 'viewer', firstName: 'Vera', lastName: 'Viewer' };
const omar = { id: 'u-omar', firstName: 'Omar', lastName: 'Haddad' };
const sofia = { id: 'u-sofia', firstName: 'Sofia', lastName: 'Reyes' };
const vote: CommitteeVoteView = {
  state: 'open',
  rule: { quorumKind: 'count', quorum: 2, majority: 'simple', base: 'cast', text: 'Quorum 2 members; simple majority of votes cast' },
  group: { id: 'g1', name: 'Ordination committee', chair: carla },
  isChair: false, mine: null, canVote: false, ballots: null, tally: null, memberCount: 3, votedCount: 0, version: 1,
};
const action = { id: 'a1', actionTemplateId: 'at1', version: 1, type: 'Committee Vote', name: 'Committee decision', roleName: 'Advisor', approved: null, user: null, canDecide: false };
/** The step page; the participant's has no vote (`vote: null`). */
const stepPage = (voteView: CommitteeVoteView | null = vote) => ({
  id: 's1', version: 1, status: 'PendingReview', stepTemplateId: 't1', trackInstanceId: 'ti1', trackTemplateId: 'tt1', trackName: 'Candidacy Pathway', name: 'Ordination interview',
  description: '', attachments: [], canChangeStatus: false, contentDone: true, contents: [], actions: [{ ...action, vote: voteView }],
});

// 3 PM and 10 AM in New York (EST, UTC-5).
const slot1 = { id: 'slot1', start: '2026-12-14T20:00:00.000Z', end: '2026-12-14T21:00:00.000Z', mine: false, available: [carla] };
const slot2 = { id: 'slot2', start: '2026-12-15T15:00:00.000Z', end: '2026-12-15T16:30:00.000Z', mine: false, available: [] as (typeof carla)[] };
const SLOT1_TEXT = /^Mon, Dec 14, 3:00\s–\s4:00\sPM\sEST$/;
const SLOT2_TEXT = /^Tue, Dec 15, 10:00\s–\s11:30\sAM\sEST$/;
const proposed: InterviewView = { status: 'proposed', slots: [slot1, slot2], confirmed: null, answered: 1, invited: 4, waitingFor: [me, omar, sofia], version: 1 };
const confirmedAt = (over: Partial<InterviewView> = {}): InterviewView => ({
  ...proposed,
  status: 'confirmed',
  confirmed: { slotId: 'slot1', start: slot1.start, end: slot1.end, place: 'Room 4, Conference office', videoLink: 'https://meet.example.org/abc' },
  version: 2,
  ...over,
});
const interviewPage = (interview: InterviewView | null, over: Partial<InterviewPage> = {}): InterviewPage => ({
  interview, timeZone: 'America/New_York', isChair: false, canMark: false, schedulable: true, ...over,
});

const render = () => renderPage('/step/s1', { role: 'Interviewer' }, { path: 'step/:id', element: <StepPage /> });
const section = () => screen.getByRole('region', { name: 'Panel interview' });
const row = (n: number) => screen.getByRole('group', { name: `Time ${n}` });
const bodyTo = (server: ReturnType<typeof fakeServer>, path: string) => (server.to(path, 'POST') as SentRequest[]).map((request) => request.body);

/** Types a date and a start time into one row of the proposal ('12142026', '300p'). */
async function fillRow(user: ReturnType<typeof userEvent.setup>, n: number, date: string, time: string) {
  await user.click(within(row(n)).getByRole('spinbutton', { name: /month/i }));
  await user.keyboard(date);
  await user.click(within(row(n)).getByRole('spinbutton', { name: /hour/i }));
  await user.keyboard(time);
}

describe('the panel interview', () => {
  it('lets the chair propose times: checked before sending, the wall-clock times and lengths sent, the new times then take the focus', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`GET ${PATH}`]: () => stepPage({ ...vote, isChair: true }),
      [`GET ${INTERVIEW}`]: () => interviewPage(null, { isChair: true }),
      [`POST ${INTERVIEW}/propose`]: () => interviewPage(proposed, { isChair: true }),
    });
    const { container } = render();
    expect(await screen.findByRole('heading', { level: 4, name: 'Panel interview' })).toBeTruthy();
    expect(within(section()).getByText('Times are in America/New York.')).toBeTruthy();
    expect(within(section()).getByRole('heading', { level: 5, name: 'Propose times' })).toBeTruthy();
    expect((within(row(1)).getByRole('combobox', { name: 'Length' }) as HTMLSelectElement).value).toBe('60');
    await expectNoAxeViolations(container);

    // Nothing typed: the shared schema's message by the date, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Propose times' }));
    expect(await within(row(1)).findByText('Enter a date and time.')).toBeTruthy();
    expect(server.to(`${INTERVIEW}/propose`, 'POST')).toHaveLength(0);

    await fillRow(user, 1, '12142026', '300p');
    await user.click(screen.getByRole('button', { name: 'Add a time' }));
    await fillRow(user, 2, '12152026', '1000a');
    await user.selectOptions(within(row(2)).getByRole('combobox', { name: 'Length' }), '90');
    await user.click(screen.getByRole('button', { name: 'Add a time' }));
    await user.click(within(row(3)).getByRole('button', { name: 'Remove time 3' }));
    expect(screen.queryByRole('group', { name: 'Time 3' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a time' }));

    await user.click(screen.getByRole('button', { name: 'Propose times' }));
    const heading = await screen.findByRole('heading', { level: 5, name: 'Proposed times' });
    expect(bodyTo(server, `${INTERVIEW}/propose`)).toEqual([
      { slots: [{ start: '2026-12-14T15:00', minutes: 60 }, { start: '2026-12-15T10:00', minutes: 90 }] },
    ]);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const times = within(screen.getByRole('list', { name: 'Proposed times' })).getAllByRole('listitem');
    expect(times).toHaveLength(2);
    expect(within(times[0]).getByText(SLOT1_TEXT)).toBeTruthy();
    expect(within(times[0]).getByText('1 can attend: Carla Mendes')).toBeTruthy();
    expect(within(times[1]).getByText(SLOT2_TEXT)).toBeTruthy();
    expect(within(times[1]).getByText('No one can attend yet.')).toBeTruthy();
    expect(screen.getByText('1 of 4 invited have answered')).toBeTruthy();
    expect(screen.getByText('Waiting for: Vera Viewer, Omar Haddad, Sofia Reyes')).toBeTruthy();
    // The chair did not propose as a panel member who marks: no boxes for them here.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Propose new times' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 5, name: 'Confirm a time' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("shows a server's field message by its field, and proposes new times on the interview's version", async () => {
    const user = userEvent.setup();
    let proposals = 0;
    const server = fakeServer({
      [`GET ${PATH}`]: () => stepPage({ ...vote, isChair: true }),
      [`GET ${INTERVIEW}`]: () => interviewPage(proposed, { isChair: true }),
      [`POST ${INTERVIEW}/propose`]: () =>
        ++proposals === 1
          ? { status: 400, body: { message: 'Invalid input', fieldErrors: { 'slots.0.start': [INTERVIEW_MESSAGES.slotsInFuture] } } }
          : interviewPage({ ...proposed, slots: [{ ...slot2, id: 'slot3' }], version: 2 }, { isChair: true }),
    });
    const { container } = render();
    await user.click(await screen.findByRole('button', { name: 'Propose new times' }));
    const heading = screen.getByRole('heading', { level: 5, name: 'Propose new times' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    await fillRow(user, 1, '12012026', '900a');
    await user.click(screen.getByRole('button', { name: 'Propose times' }));
    expect(await within(row(1)).findByText(INTERVIEW_MESSAGES.slotsInFuture)).toBeTruthy();
    expect(within(row(1)).getByRole('spinbutton', { name: /month/i }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations(container);

    await fillRow(user, 1, '12152026', '1000a');
    await user.click(screen.getByRole('button', { name: 'Propose times' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Propose new times', level: 5 })).toBeNull());
    expect(bodyTo(server, `${INTERVIEW}/propose`)).toEqual([
      { slots: [{ start: '2026-12-01T09:00', minutes: 60 }], version: 1 },
      { slots: [{ start: '2026-12-15T10:00', minutes: 60 }], version: 1 },
    ]);
    expect(within(screen.getByRole('list', { name: 'Proposed times' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('lets a member mark the times they can attend and shows who can attend each', async () => {
    const user = userEvent.setup();
    const marked = interviewPage(
      { ...proposed, slots: [slot1, { ...slot2, mine: true, available: [me] }], answered: 2, waitingFor: null },
      { canMark: true },
    );
    const server = fakeServer({
      [`GET ${PATH}`]: () => stepPage(),
      [`GET ${INTERVIEW}`]: () => interviewPage({ ...proposed, waitingFor: null }, { canMark: true }),
      [`POST ${INTERVIEW}/availability`]: () => marked,
    });
    const { container } = render();
    const boxes = await screen.findAllByRole('checkbox', { name: /^I can attend/ });
    expect(boxes).toHaveLength(2);
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([false, false]);
    expect(screen.getByRole('checkbox', { name: /I can attend on Tue, Dec 15/ })).toBe(boxes[1]);
    // Not the chair: no confirm, cancel or proposal, and not whom the panel waits for.
    expect(screen.queryByRole('button', { name: /Confirm interview|Cancel interview|Propose/ })).toBeNull();
    expect(screen.queryByText(/Waiting for/)).toBeNull();
    await expectNoAxeViolations(container);

    await user.click(boxes[1]);
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('Your availability was saved.')).toBeTruthy();
    expect(bodyTo(server, `${INTERVIEW}/availability`)).toEqual([{ slotIds: ['slot2'] }]);
    expect(screen.getByText('1 can attend: Vera Viewer')).toBeTruthy();
    expect(screen.getByText('2 of 4 invited have answered')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /I can attend on Tue, Dec 15/ }) as HTMLInputElement).checked).toBe(true);

    // Unticking every time is an answer too.
    await user.click(screen.getByRole('checkbox', { name: /I can attend on Tue, Dec 15/ }));
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(bodyTo(server, `${INTERVIEW}/availability`)).toHaveLength(2));
    expect(bodyTo(server, `${INTERVIEW}/availability`)[1]).toEqual({ slotIds: [] });
  });

  it('shows the participant their own answers only, with no names or counts, and then the confirmed interview', async () => {
    const user = userEvent.setup();
    const forCandidate = (interview: InterviewView) => ({ ...interview, slots: interview.slots.map((slot) => ({ ...slot, available: null })), answered: null, invited: null, waitingFor: null });
    let confirmed = false;
    const server = fakeServer({
      [`GET ${PATH}`]: () => stepPage(null),
      [`GET ${INTERVIEW}`]: () => (confirmed ? interviewPage(forCandidate(confirmedAt()), { canMark: false }) : interviewPage(forCandidate(proposed), { canMark: true })),
      [`POST ${INTERVIEW}/availability`]: () => interviewPage(forCandidate({ ...proposed, slots: [{ ...slot1, mine: true }, slot2] }), { canMark: true }),
    });
    const view = render();
    expect(await screen.findByText('Awaiting committee vote by Advisor')).toBeTruthy();
    await user.click(await screen.findByRole('checkbox', { name: /I can attend on Mon, Dec 14/ }));
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('Your availability was saved.')).toBeTruthy();
    expect(bodyTo(server, `${INTERVIEW}/availability`)).toEqual([{ slotIds: ['slot1'] }]);
    expect(screen.queryByText(/can attend:|No one can attend|have answered|Carla Mendes/)).toBeNull();
    await expectNoAxeViolations(view.container);

    // Confirmed since: the participant sees the time, place and link on their next visit.
    view.unmount();
    confirmed = true;
    const again = render();
    const block = (await screen.findByRole('heading', { level: 5, name: 'Interview confirmed' })).parentElement!;
    expect(within(block).getByText(SLOT1_TEXT)).toBeTruthy();
    expect(within(block).getByText('Place: Room 4, Conference office')).toBeTruthy();
    expect(within(block).getByRole('link', { name: /https:\/\/meet\.example\.org\/abc/ }).getAttribute('href')).toBe('https://meet.example.org/abc');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/can attend:/)).toBeNull();
    await expectNoAxeViolations(again.container);
  });

  it('lets the chair confirm a time with a place and a video link, checked first; the confirmed block takes the focus', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`GET ${PATH}`]: () => stepPage({ ...vote, isChair: true }),
      [`GET ${INTERVIEW}`]: () => interviewPage(proposed, { isChair: true }),
      [`POST ${INTERVIEW}/confirm`]: () => interviewPage(confirmedAt({ confirmed: { slotId: 'slot2', start: slot2.start, end: slot2.end, place: 'Room 4', videoLink: 'https://meet.example.org/x' } }), { isChair: true }),
    });
    const { container } = render();
    await user.click(await screen.findByRole('button', { name: 'Confirm interview' }));
    expect(await screen.findByText(INTERVIEW_MESSAGES.unknownSlot)).toBeTruthy();

    const time = screen.getByRole('combobox', { name: 'Time' });
    expect(within(time).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a time...', expect.stringMatching(SLOT1_TEXT), expect.stringMatching(SLOT2_TEXT)]);
    await user.selectOptions(time, 'slot2');
    await user.click(screen.getByRole('button', { name: 'Confirm interview' }));
    expect(await screen.findByText(INTERVIEW_MESSAGES.placeOrLink)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Video link/ }), 'http://meet.example.org/x');
    await user.click(screen.getByRole('button', { name: 'Confirm interview' }));
    expect(await screen.findByText('A video link must start with https://.')).toBeTruthy();
    expect(server.to(`${INTERVIEW}/confirm`, 'POST')).toHaveLength(0);
    await expectNoAxeViolations(container);

    await user.type(screen.getByRole('textbox', { name: /Place/ }), 'Room 4');
    await user.clear(screen.getByRole('textbox', { name: /Video link/ }));
    await user.type(screen.getByRole('textbox', { name: /Video link/ }), 'https://meet.example.org/x');
    await user.click(screen.getByRole('button', { name: 'Confirm interview' }));
    const heading = await screen.findByRole('heading', { level: 5, name: 'Interview confirmed' });
    expect(bodyTo(server, `${INTERVIEW}/confirm`)).toEqual([{ slotId: 'slot2', place: 'Room 4', videoLink: 'https://meet.example.org/x', version: 1 }]);
    const block = heading.parentElement!;
    await waitFor(() => expect(document.activeElement).toBe(block));
    expect(within(block).getByText(SLOT2_TEXT)).toBeTruthy();
    expect(within(block).getByText('Place: Room 4')).toBeTruthy();
    const link = within(block).getByRole('link', { name: 'https://meet.example.org/x (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://meet.example.org/x');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // Moving it: the form reads the confirmed time, place and link; the chair may also cancel or propose anew.
    expect(screen.getByRole('heading', { level: 5, name: 'Change the time or place' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Time' }) as HTMLSelectElement).value).toBe('slot2');
    expect((screen.getByRole('textbox', { name: /Place/ }) as HTMLInputElement).value).toBe('Room 4');
    expect(screen.getByRole('button', { name: 'Cancel interview' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Propose new times' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('asks the chair for a reason before cancelling, then shows the cancellation to everyone', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      [`GET ${PATH}`]: () => stepPage({ ...vote, isChair: true }),
      [`GET ${INTERVIEW}`]: () => interviewPage(confirmedAt(), { isChair: true }),
      [`POST ${INTERVIEW}/cancel`]: () => interviewPage(confirmedAt({ status: 'cancelled', cancelReason: 'The candidate is ill.', version: 3 }), { isChair: true }),
    });
    const { container } = render();
    await user.click(await screen.findByRole('button', { name: 'Cancel interview' }));
    const reason = screen.getByRole('textbox', { name: /Reason for cancelling/ });
    expect(document.activeElement).toBe(reason);
    // Put away and asked again: the focus goes back to the button.
    await user.click(screen.getByRole('button', { name: 'Keep the interview' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel interview' })));
    await user.click(screen.getByRole('button', { name: 'Cancel interview' }));

    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByText('A reason is required.')).toBeTruthy();
    expect(server.to(`${INTERVIEW}/cancel`, 'POST')).toHaveLength(0);
    await expectNoAxeViolations(container);

    await user.type(screen.getByRole('textbox', { name: /Reason for cancelling/ }), 'The candidate is ill.');
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    const cancelled = await screen.findByText('Interview cancelled: The candidate is ill.');
    expect(bodyTo(server, `${INTERVIEW}/cancel`)).toEqual([{ reason: 'The candidate is ill.', version: 2 }]);
    await waitFor(() => expect(document.activeElement).toBe(cancelled.parentElement));
    expect(screen.queryByRole('heading', { name: 'Interview confirmed' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Proposed times' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel interview' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Propose new times' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("shows a refused write's message, and reads the interview again after a conflict", async () => {
    const user = userEvent.setup();
    let reads = 0;
    const server = fakeServer({
      [`GET ${PATH}`]: () => stepPage({ ...vote, isChair: true }),
      [`GET ${INTERVIEW}`]: () => (++reads === 1 ? interviewPage(proposed, { isChair: true }) : interviewPage({ ...proposed, version: 5 }, { isChair: true })),
      [`POST ${INTERVIEW}/confirm`]: () => ({ status: 409, body: { message: 'This interview was changed by someone else.' } }),
    });
    render();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Time' }), 'slot1');
    await user.type(screen.getByRole('textbox', { name: /Place/ }), 'Room 4');
    await user.click(screen.getByRole('button', { name: 'Confirm interview' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This interview was changed by someone else.');
    await waitFor(() => expect(server.to(INTERVIEW, 'GET')).toHaveLength(2));
  });

  it("tells those who are not the chair that no times are proposed yet, and shows nothing once it can't be scheduled", async () => {
    fakeServer({ [`GET ${PATH}`]: () => stepPage(), [`GET ${INTERVIEW}`]: () => interviewPage(null) });
    const first = render();
    expect(await screen.findByText(INTERVIEW_MESSAGES.noInterview)).toBeTruthy();
    expect(screen.queryByText(/Times are in/)).toBeNull();
    await expectNoAxeViolations(first.container);
    first.unmount();

    fakeServer({ [`GET ${PATH}`]: () => stepPage({ ...vote, isChair: true }), [`GET ${INTERVIEW}`]: () => interviewPage(null, { isChair: true, schedulable: false }) });
    render();
    expect(await screen.findByText('Committee decision')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Panel interview' })).toBeNull();
  });

  it("shows nothing to those the server does not show the interview to (403, 404), nor when the vote's committee is another track's (409)", async () => {
    for (const status of [403, 404, 409]) {
      const server = fakeServer({ [`GET ${PATH}`]: () => stepPage(null), [`GET ${INTERVIEW}`]: () => ({ status, body: { message: 'Not for you' } }) });
      const view = render();
      expect(await screen.findByText('Awaiting committee vote by Advisor')).toBeTruthy();
      await waitFor(() => expect(server.to(INTERVIEW, 'GET')).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText('Panel interview')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      view.unmount();
    }
  });
});
