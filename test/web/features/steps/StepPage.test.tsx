import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import StepPage from '../../../../web/src/features/steps/StepPage';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer, renderPage, type SentRequest } from '../admin/admin-harness';

const PATH = '/api/step/step-instance/s1';
const task = {
  id: 'c1', contentTemplateId: 'ct1', version: 1, type: 'Task', name: 'Call story', roleName: 'Participant', isPrivate: false, hidden: false, canChange: true, done: false,
  task: { name: 'Write your call story', description: 'One or two pages.', completed: false },
};
const secret = { id: 'c2', contentTemplateId: 'ct2', version: 1, type: 'Upload', name: 'Transcript', roleName: 'Participant', isPrivate: true, hidden: true, canChange: false, done: false };
const action = { id: 'a1', actionTemplateId: 'at1', version: 1, type: 'Approval', name: 'Advisor approval', roleName: 'Advisor', approved: null, user: null, canDecide: false, vote: null };
const step = {
  id: 's1', version: 1, status: 'Ready', stepTemplateId: 't1', trackInstanceId: 'ti1', trackTemplateId: 'tt1', trackName: 'Candidacy Pathway', name: 'Share your call story',
  description: '<p>Write a short account.</p><script>alert(1)</script>', attachments: [{ key: 'k1', name: 'guide.pdf', size: 10, contentType: 'application/pdf' }],
  canChangeStatus: false, contentDone: false, contents: [task, secret], actions: [action],
};
/** The text of the elements a control's aria-describedby names: its accessible description. */
const description = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
const render = () => renderPage('/step/s1', { role: 'Participant' }, { path: 'step/:id', element: <StepPage /> });

describe('the step page', () => {
  it('shows the step with its sections, hides private content, ticks a task, and offers no status selector to the participant', async () => {
    const user = userEvent.setup();
    const done = { ...step, status: 'PendingReview', contentDone: true, version: 2, contents: [{ ...task, version: 2, done: true, task: { ...task.task, completed: true } }, secret] };
    const server = fakeServer({ [`GET ${PATH}`]: () => step, 'PATCH /api/step/instance/content/c1': () => done });
    const { container } = render();
    expect(screen.getByText('Loading step...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Share your call story' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Track' }).getAttribute('href')).toBe('/tracks/tt1/assignments/ti1');
    expect(screen.getByText('Candidacy Pathway')).toBeTruthy();
    expect(screen.getByText('Complete or review each of the content items listed below.')).toBeTruthy();
    expect(screen.getByText('Complete or review each of the action items listed below.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Click to download' })).toBeTruthy();
    expect(screen.getByText('This content contains sensitive data that you do not have permission to view.')).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.queryByLabelText('Status')).toBeNull();
    // Deciders only: the participant sees whom the action awaits, never the advisor's buttons.
    expect(screen.getByText('Awaiting approval by Advisor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deny' })).toBeNull();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('checkbox', { name: 'Write your call story' }));
    await waitFor(() => expect(screen.getByText('Pending Review')).toBeTruthy());
    const sent = server.to('/api/step/instance/content/c1', 'PATCH') as SentRequest[];
    expect(sent[0].body).toEqual({ instanceType: 'Task', version: 1, completed: true });
  });

  it('holds the task still while its save is on the way, so a second toggle never sends a stale version', async () => {
    const user = userEvent.setup();
    let answer!: (page: unknown) => void;
    const done = { ...step, status: 'PendingReview', contentDone: true, version: 2, contents: [{ ...task, version: 2, done: true, task: { ...task.task, completed: true } }, secret] };
    fakeServer({ [`GET ${PATH}`]: () => step, 'PATCH /api/step/instance/content/c1': () => new Promise((resolve) => (answer = resolve)) });
    render();
    const box = await screen.findByRole('checkbox', { name: 'Write your call story' });
    await user.click(box);
    await waitFor(() => expect(box.hasAttribute('disabled')).toBe(true));
    answer(done);
    await waitFor(() => expect(box.hasAttribute('disabled')).toBe(false));
    expect((box as HTMLInputElement).checked).toBe(true);
  });

  it("says who works on content the caller cannot change, and lets the advisor decide and set the status", async () => {
    const user = userEvent.setup();
    const reviewing = { ...step, status: 'PendingReview', canChangeStatus: true, contentDone: true, contents: [{ ...task, canChange: false, done: false }], actions: [{ ...action, canDecide: true }] };
    const denied = { ...reviewing, status: 'Resubmit', actions: [{ ...action, version: 2, approved: false, user: { id: 'u1', firstName: 'Abigail', lastName: 'Nguyen' }, updatedAt: '2026-01-02T10:00:00.000Z' }] };
    let current: unknown = reviewing;
    const server = fakeServer({
      [`GET ${PATH}`]: () => current,
      'PATCH /api/step/instance/action/a1/false': () => (current = denied),
      'PATCH /api/step/instance/s1/Completed': () => (current = { ...denied, status: 'Completed', version: 3 }),
    });
    const { container } = render();
    expect(await screen.findByText('Currently in progress by Participant')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(screen.getByText('Denied')).toBeTruthy());
    expect(screen.getByText(/by Abigail Nguyen/)).toBeTruthy();
    // Resubmit is none of the three choices: the selector names it instead of 'Select...'.
    expect((screen.getByLabelText('Status') as HTMLSelectElement).selectedOptions[0].textContent).toBe('Resubmit');
    await expectNoAxeViolations(container);
    await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await waitFor(() => expect(server.to('/api/step/instance/s1/Completed', 'PATCH')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByText('Completed').length).toBeGreaterThan(0));
  });

  it('gives a decider Approve and Deny disabled until the content is done; a decided action says by whom and when to everyone', async () => {
    const signature = { ...action, id: 'a2', type: 'Signature', name: 'Mentor signature', roleName: 'Mentor', canDecide: false };
    const approved = { ...action, id: 'a3', name: 'Committee approval', approved: true, user: { id: 'u1', firstName: 'Abigail', lastName: 'Nguyen' }, updatedAt: '2026-01-02T10:00:00.000Z' };
    fakeServer({ [`GET ${PATH}`]: () => ({ ...step, actions: [{ ...action, canDecide: true }, signature, approved] }) });
    const { container } = render();
    expect((await screen.findByRole('button', { name: 'Approve' })).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Deny' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(screen.getByText('Awaiting signature by Mentor')).toBeTruthy();
    expect(screen.getByText('Approved')).toBeTruthy();
    expect(screen.getByText(/by Abigail Nguyen/)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("tells the one responsible why they cannot decide yet: Approve and Deny disabled, described by SPEC's reason, reachable by keyboard, inert until the content is done", async () => {
    const user = userEvent.setup();
    // The advisor's own task on the step: doing it on this page is what makes the approval decidable.
    const advisorTask = { ...task, roleName: 'Advisor', task: { name: 'Meet the candidate', description: 'An hour.', completed: false } };
    const waiting = { ...step, status: 'Ready', canChangeStatus: true, contentDone: false, contents: [advisorTask], actions: [{ ...action, canDecide: true }] };
    const ready = { ...waiting, status: 'PendingReview', version: 2, contentDone: true, contents: [{ ...advisorTask, version: 2, done: true, canChange: true, task: { ...advisorTask.task, completed: true } }] };
    const server = fakeServer({
      [`GET ${PATH}`]: () => waiting,
      'PATCH /api/step/instance/content/c1': () => ready,
      'PATCH /api/step/instance/action/a1/true': () => ({ ...ready, status: 'Completed', actions: [{ ...action, version: 2, approved: true, user: { id: 'u1', firstName: 'Abigail', lastName: 'Nguyen' } }] }),
    });
    const { container } = render();
    const approve = await screen.findByRole('button', { name: 'Approve' });
    const deny = screen.getByRole('button', { name: 'Deny' });
    // Not someone else's wait: the advisor's own approval.
    expect(screen.queryByText('Awaiting approval by Advisor')).toBeNull();
    const reason = 'Not all contents have been completed!';
    expect(screen.getByText(reason)).toBeTruthy();
    for (const button of [approve, deny]) {
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(description(button)).toBe(reason);
    }
    await expectNoAxeViolations(container);

    // Keyboard: the buttons stay in the tab order (so their reason is read), and nothing happens on Enter or a click.
    act(() => approve.focus());
    await user.keyboard('{Enter}');
    await user.tab();
    expect(document.activeElement).toBe(deny);
    await user.keyboard(' ');
    await user.click(approve);
    expect(server.requests.filter((request) => request.method === 'PATCH')).toEqual([]);

    // Done: the same buttons work, with no reason left.
    await user.click(screen.getByRole('checkbox', { name: 'Meet the candidate' }));
    await waitFor(() => expect(approve.getAttribute('aria-disabled')).toBeNull());
    expect(approve.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(reason)).toBeNull();
    await user.click(approve);
    await waitFor(() => expect(server.to('/api/step/instance/action/a1/true', 'PATCH')).toHaveLength(1));
    // The buttons give way to the outcome, which takes the focus (not lost to the page's start).
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Approved'));
    expect(document.activeElement?.textContent).toContain('by Abigail Nguyen');
    await expectNoAxeViolations(container);
  });

  it('shows an Unavailable step without its content', async () => {
    fakeServer({ [`GET ${PATH}`]: () => ({ ...step, status: 'Unavailable', contents: [], actions: [] }) });
    render();
    expect(await screen.findByText('This step is not yet available. Please return to your Track.')).toBeTruthy();
    expect(screen.queryByText('Complete or review each of the content items listed below.')).toBeNull();
  });
});
