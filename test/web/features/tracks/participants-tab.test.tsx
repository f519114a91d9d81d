import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InstanceAssignees, ParticipantRow } from '../../../../shared/schemas/participants';
import { BULK_ROW_STALE_MESSAGE, CANCEL_ASSIGNING_MESSAGE, NO_PARTICIPANTS_MESSAGE, PARTIAL_PARTICIPANTS_MESSAGE } from '../../../../shared/schemas/participants';
import { ParticipantsTab } from '../../../../web/src/features/tracks/participants/ParticipantsTab';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage, SUPERADMIN, type Viewer } from '../admin/admin-harness';

/** /tracks/{id}/participants and Manage Participant (SPEC.md sections 2, 5 and 8) against the contract-checked fake server. */
const TRACK = 't1';
const ann: ParticipantRow = {
  id: 'i1',
  version: 3,
  status: 'Open',
  participant: { id: 'p1', firstName: 'Ann', lastName: 'Abbott', email: 'ann@example.org' },
  advisors: [{ id: 'a1', firstName: 'Ada', lastName: 'Adviser' }],
  interviewers: [{ id: 'v1', firstName: 'Ivy', lastName: 'Asker' }],
  createdAt: '2026-03-04T05:06:07.000Z',
};
const assignees: InstanceAssignees = {
  trackInstanceId: 'i1',
  version: 3,
  status: 'Open',
  assignees: [{ id: 'a1', firstName: 'Ada', lastName: 'Adviser', roleId: 'role-advisor', roleName: 'Advisor' }],
};
const ADVISOR: Viewer = { role: 'Advisor', permissions: [] };

afterEach(() => vi.unstubAllGlobals());

function server(rows: ParticipantRow[] = [ann], reassign?: (body: Record<string, unknown>) => unknown, more: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    [`POST /api/track/${TRACK}/true/instances`]: () => ({ data: rows, count: rows.length, partial: false }),
    'GET /api/track/track-assignees/{ids}': () => [assignees],
    'GET /api/user/people-search': (request) =>
      request.query.get('purpose') === 'interviewer' ? [{ id: 'v2', firstName: 'Vic', lastName: 'Viewer', email: 'vic@example.org' }] : [],
    'PATCH /api/track/reassign': (request) => reassign?.(request.body as Record<string, unknown>) ?? { ...assignees, version: 4 },
    ...more,
  });
}

const renderTab = (viewer: Viewer = CONFERENCE_ADMIN, path = `/tracks/${TRACK}/participants`) =>
  renderPage(path, viewer, { path: 'tracks/:id/participants/*', element: <ParticipantsTab track={{ id: TRACK, name: 'Track One' }} /> });

describe('the participants table', () => {
  it('shows SPEC’s columns: View link, status, names, email, advisors and interviewers linking to users, assigned date in UTC, edit', async () => {
    server();
    renderTab();
    const table = await screen.findByRole('table', { name: 'Participants' });
    await within(table).findByText('Ann');
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Track', 'Status', 'First Name', 'Last Name', 'Email', 'Advisors', 'Interviewers', 'Assigned Date', 'Edit']);
    expect(within(table).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(`/tracks/${TRACK}/assignments/i1`);
    expect(within(table).getByRole('link', { name: 'Ada Adviser' }).getAttribute('href')).toBe('/users/a1');
    expect(within(table).getByRole('link', { name: 'Ivy Asker' }).getAttribute('href')).toBe('/users/v1');
    expect(within(table).getByText('Wed, 04 Mar 2026 05:06:07 GMT')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Manage Ann Abbott' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '+ Participant' })).toBeTruthy();
    await expectNoAxeViolations(document.body);
  });

  it('filters first name, last name and email on the server (prefixes in the body), from the first page', async () => {
    const user = userEvent.setup();
    const fake = server();
    renderTab();
    const table = await screen.findByRole('table', { name: 'Participants' });
    await within(table).findByText('Ann');
    await user.type(within(table).getByRole('searchbox', { name: 'Filter First Name' }), 'an');
    await user.type(within(table).getByRole('searchbox', { name: 'Filter Email' }), 'ann@');
    await waitFor(() => expect(fake.to(`/api/track/${TRACK}/true/instances`).at(-1)!.body).toEqual({ limit: 10, offset: 0, where: { firstName: 'an', email: 'ann@' } }), { timeout: 3000 });
  });

  it("opened from an escalation digest (?overdue=1) asks for the enrolments with overdue steps, says so, and links back to all", async () => {
    const fake = server();
    renderTab(CONFERENCE_ADMIN, `/tracks/${TRACK}/participants?overdue=1`);
    const table = await screen.findByRole('table', { name: 'Participants' });
    await within(table).findByText('Ann');
    expect(fake.to(`/api/track/${TRACK}/true/instances`).at(-1)!.body).toEqual({ limit: 10, offset: 0, where: { overdue: true } });
    expect(screen.getByText(/Showing participants with overdue steps/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all participants' }).getAttribute('href')).toBe(`/tracks/${TRACK}/participants`);
    await expectNoAxeViolations(document.body);
  });

  it("opened from a dashboard figure (?status=Completed) asks for that status only and says so; an unknown status is ignored", async () => {
    const fake = server();
    const { unmount } = renderTab(CONFERENCE_ADMIN, `/tracks/${TRACK}/participants?status=Completed`);
    await within(await screen.findByRole('table', { name: 'Participants' })).findByText('Ann');
    expect(fake.to(`/api/track/${TRACK}/true/instances`).at(-1)!.body).toEqual({ limit: 10, offset: 0, where: { status: 'Completed' } });
    expect(screen.getByText(/Showing Completed enrolments/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all participants' }).getAttribute('href')).toBe(`/tracks/${TRACK}/participants`);
    unmount();
    const again = server();
    renderTab(CONFERENCE_ADMIN, `/tracks/${TRACK}/participants?status=Lost`);
    await within(await screen.findByRole('table', { name: 'Participants' })).findByText('Ann');
    expect(again.to(`/api/track/${TRACK}/true/instances`).at(-1)!.body).toEqual({ limit: 10, offset: 0 });
  });

  it('a page the server answers as partial says the search stopped at its bound', async () => {
    fakeServer({ [`POST /api/track/${TRACK}/true/instances`]: () => ({ data: [ann], count: 1, partial: true }) });
    renderTab();
    await within(await screen.findByRole('table', { name: 'Participants' })).findByText('Ann');
    expect(screen.getByText(PARTIAL_PARTICIPANTS_MESSAGE)).toBeTruthy();
    await expectNoAxeViolations(document.body);
  });

  it('without ?overdue=1 asks for everyone and shows no overdue notice', async () => {
    const fake = server();
    renderTab();
    await within(await screen.findByRole('table', { name: 'Participants' })).findByText('Ann');
    expect(fake.to(`/api/track/${TRACK}/true/instances`).at(-1)!.body).toEqual({ limit: 10, offset: 0 });
    expect(screen.queryByText(/Showing participants with overdue steps/)).toBeNull();
  });

  it('with nobody enrolled says so with the add button; '+'an advisor gets neither add nor edit', async () => {
    server([]);
    const { unmount } = renderTab();
    expect(await screen.findByText(NO_PARTICIPANTS_MESSAGE)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '+ Participant' }).length).toBeGreaterThan(0);
    unmount();
    server();
    renderTab(ADVISOR);
    const table = await screen.findByRole('table', { name: 'Participants' });
    await within(table).findByText('Ann');
    expect(within(table).queryByRole('button', { name: 'Manage Ann Abbott' })).toBeNull();
    expect(screen.queryByRole('button', { name: '+ Participant' })).toBeNull();
  });
});

describe('Manage Participant', () => {
  it('shows the assignment rows read fresh; no new row while one is blank; saves the changed role on the version read and reloads', async () => {
    const user = userEvent.setup();
    const fake = server();
    renderTab();
    const table = await screen.findByRole('table', { name: 'Participants' });
    await user.click(await within(table).findByRole('button', { name: 'Manage Ann Abbott' }));
    const dialog = await screen.findByRole('dialog', { name: /Manage Participant/ });
    expect(screen.getByTestId('path').textContent).toBe(`/tracks/${TRACK}/participants/manage/i1`);
    expect(within(dialog).getByRole('combobox', { name: 'Advisor 1' })).toHaveProperty('value', 'Ada Adviser');
    const addInterviewer = within(dialog).getByRole('button', { name: 'Add Interviewer' });
    await user.click(addInterviewer);
    expect(within(dialog).getByRole('button', { name: 'Add Interviewer' }).hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('combobox', { name: 'Interviewer 1' }), 'Vi');
    await user.click(await screen.findByRole('option', { name: /Vic Viewer/ }));
    expect(within(dialog).getByRole('button', { name: 'Add Interviewer' }).hasAttribute('disabled')).toBe(false);
    // A blank advisor row is dropped on save: the advisors did not change, so only interviewers are sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add Advisor' }));
    const loads = fake.to(`/api/track/${TRACK}/true/instances`).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Manage Participant/ })).toBeNull());
    expect(fake.to('/api/track/reassign', 'PATCH').map((r) => r.body)).toEqual([{ trackInstanceId: 'i1', roleId: 'role-interviewer', assigneeIds: ['v2'], version: 3 }]);
    await waitFor(() => expect(fake.to(`/api/track/${TRACK}/true/instances`).length).toBeGreaterThan(loads));
    expect(screen.getByTestId('path').textContent).toBe(`/tracks/${TRACK}/participants`);
  });

  it('is titled “Manage Participant” (SPEC), names the participant in its body, shows a refused save’s message, and Cancel closes without asking', async () => {
    const user = userEvent.setup();
    server([ann], () => ({ status: 409, body: { message: 'Someone else changed this participant: reload and try again.' } }));
    renderTab(CONFERENCE_ADMIN, `/tracks/${TRACK}/participants/manage/i1`);
    const dialog = await screen.findByRole('dialog', { name: 'Manage Participant' });
    await within(dialog).findByRole('combobox', { name: 'Advisor 1' });
    expect(await within(dialog).findByText('Ann Abbott')).toBeTruthy();
    expect(within(dialog).getByText('ann@example.org')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Manage Participant' })).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Advisor 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Someone else changed this participant: reload and try again.')).toBeTruthy();
    await expectNoAxeViolations(document.body);
    // Even with a change unsaved: the cancel-assigning question belongs to Assign Advisor (SPEC.md section 8).
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage Participant' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText(CANCEL_ASSIGNING_MESSAGE)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe(`/tracks/${TRACK}/participants`));
  });
});

/** The track page's view after a status change (only its version matters to Manage Participant). */
const instanceView = (status: string, version: number) => ({
  id: 'i1', version, status, trackTemplateId: TRACK, trackName: 'Track One', createdAt: ann.createdAt,
  participant: { id: 'p1', firstName: 'Ann', lastName: 'Abbott', avatarUrl: null }, advisors: [], phases: [], progress: { completed: 0, total: 0 }, canChangeStatus: true, missingSteps: 0,
});

describe('Manage Participant: status and Remove enrolment', () => {
  it('saves a new status on the version read, then a changed role on the version that answered', async () => {
    const user = userEvent.setup();
    const fake = server([ann], undefined, { 'PATCH /api/track/instance': (request) => instanceView((request.body as { status: string }).status, 4) });
    renderTab(CONFERENCE_ADMIN, `/tracks/${TRACK}/participants/manage/i1`);
    const dialog = await screen.findByRole('dialog', { name: /Manage Participant/ });
    const status = await within(dialog).findByRole('combobox', { name: 'Status' });
    expect(status).toHaveProperty('value', 'Open');
    await user.selectOptions(status, 'Withdrawn');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Advisor 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Manage Participant/ })).toBeNull());
    expect(fake.to('/api/track/instance', 'PATCH').map((r) => r.body)).toEqual([{ id: 'i1', status: 'Withdrawn', version: 3 }]);
    expect(fake.to('/api/track/reassign', 'PATCH').map((r) => r.body)).toEqual([{ trackInstanceId: 'i1', roleId: 'role-advisor', assigneeIds: [], version: 4 }]);
  });

  it('a stale version shows the 409 message, keeps the chosen status and reads the version again', async () => {
    const user = userEvent.setup();
    const stale = 'Someone else changed this participant: reload and try again.';
    const fake = server([ann], undefined, { 'PATCH /api/track/instance': () => ({ status: 409, body: { message: stale } }) });
    renderTab(CONFERENCE_ADMIN, `/tracks/${TRACK}/participants/manage/i1`);
    const dialog = await screen.findByRole('dialog', { name: /Manage Participant/ });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Status' }), 'Completed');
    const reads = fake.to('/api/track/track-assignees/i1').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(stale)).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'Completed');
    await waitFor(() => expect(fake.to('/api/track/track-assignees/i1').length).toBeGreaterThan(reads));
    expect(fake.to('/api/track/reassign', 'PATCH')).toEqual([]);
  });

  it('Remove enrolment asks first, removes on the version read and reloads the table', async () => {
    const user = userEvent.setup();
    const fake = server([ann], undefined, { 'DELETE /api/track/instance': () => ({ removed: true }) });
    renderTab(CONFERENCE_ADMIN, `/tracks/${TRACK}/participants/manage/i1`);
    const dialog = await screen.findByRole('dialog', { name: /Manage Participant/ });
    await user.click(await within(dialog).findByRole('button', { name: 'Remove enrolment' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove enrolment' });
    expect(screen.getByTestId('path').textContent).toBe(`/tracks/${TRACK}/participants/remove/i1`);
    expect(await within(confirm).findByText(/Remove Ann Abbott from Track One\?/)).toBeTruthy();
    await expectNoAxeViolations(document.body);
    const loads = fake.to(`/api/track/${TRACK}/true/instances`).length;
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove enrolment' })).toBeNull());
    expect(fake.to('/api/track/instance', 'DELETE').map((r) => r.body)).toEqual([{ id: 'i1', version: 3 }]);
    await waitFor(() => expect(fake.to(`/api/track/${TRACK}/true/instances`).length).toBeGreaterThan(loads));
    expect(screen.getByTestId('path').textContent).toBe(`/tracks/${TRACK}/participants`);
  });

  it('a removal too large for one transaction shows its job’s progress', async () => {
    const user = userEvent.setup();
    const job = { id: 'job-9', kind: 'instance.remove', title: 'Removing Ann Abbott from Track One', status: 'running', done: 2, total: 5, createdAt: ann.createdAt, updatedAt: ann.createdAt };
    server([ann], undefined, {
      'DELETE /api/track/instance': () => ({ status: 202, body: { jobId: 'job-9' } }),
      'GET /api/job/{id}': () => job,
    });
    renderTab(CONFERENCE_ADMIN, `/tracks/${TRACK}/participants/remove/i1`);
    const confirm = await screen.findByRole('dialog', { name: 'Remove enrolment' });
    await within(confirm).findByText(/Remove Ann Abbott/);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(confirm).findByRole('progressbar', { name: job.title })).toBeTruthy();
    expect(within(confirm).getByText('2 of 5')).toBeTruthy();
  });

  it('an advisor (no delete on TrackInstance) is offered neither the status nor Remove enrolment here', async () => {
    server();
    renderTab(ADVISOR, `/tracks/${TRACK}/participants/manage/i1`);
    const dialog = await screen.findByRole('dialog', { name: /Manage Participant/ });
    await within(dialog).findByRole('combobox', { name: 'Advisor 1' });
    expect(within(dialog).queryByRole('button', { name: 'Remove enrolment' })).toBeNull();
  });
});

describe('the manage-all checkbox column and its Actions', () => {
  const bea: ParticipantRow = { ...ann, id: 'i2', version: 5, participant: { id: 'p2', firstName: 'Bea', lastName: 'Baker', email: 'bea@example.org' }, advisors: [] };
  const stale = BULK_ROW_STALE_MESSAGE;
  const shownRows = [{ id: 'i1', version: 3 }, { id: 'i2', version: 5 }];

  async function select(user: ReturnType<typeof userEvent.setup>, ...names: string[]) {
    const table = await screen.findByRole('table', { name: 'Participants' });
    for (const name of names) await user.click(await within(table).findByRole('checkbox', { name: `Select ${name}` }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
  }

  it('only manage-all users get the checkboxes and the menu', async () => {
    server([ann, bea]);
    const { unmount } = renderTab(CONFERENCE_ADMIN);
    const table = await screen.findByRole('table', { name: 'Participants' });
    await within(table).findByText('Ann');
    expect(within(table).queryByRole('checkbox', { name: 'Select Ann Abbott' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
    unmount();
    server([ann, bea]);
    renderTab(SUPERADMIN);
    expect(await screen.findByRole('checkbox', { name: 'Select Ann Abbott' })).toBeTruthy();
    await expectNoAxeViolations(document.body);
  });

  /** The bulk job as GET /api/job/{id} answers it: running for the first read, then finished with `result`. */
  function bulkJob(result: unknown, title = 'Setting 2 enrolments in Track One to Withdrawn') {
    const job = { id: 'job-7', kind: 'participants.bulk', title, status: 'running', done: 1, total: 2, createdAt: ann.createdAt, updatedAt: ann.createdAt };
    let reads = 0;
    return { job, read: () => (reads++ === 0 ? job : { ...job, status: 'succeeded', done: 2, result }) };
  }

  it('Change Status is one request for the selected rows; the dialog shows the job’s progress, then who changed and who was refused, and the table reloads', async () => {
    const user = userEvent.setup();
    const { job, read } = bulkJob({ succeeded: 1, failed: [{ trackInstanceId: 'i2', message: stale, stale: true }] });
    const fake = server([ann, bea], undefined, {
      [`POST /api/track/${TRACK}/instances/bulk`]: () => ({ status: 202, body: { jobId: 'job-7' } }),
      'GET /api/job/{id}': read,
    });
    renderTab(SUPERADMIN);
    await select(user, 'Ann Abbott', 'Bea Baker');
    await user.click(await screen.findByRole('menuitem', { name: 'Change Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Status' });
    expect(screen.getByTestId('path').textContent).toBe(`/tracks/${TRACK}/participants/change-status`);
    expect(within(dialog).getByText('Ann Abbott, Bea Baker')).toBeTruthy();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Withdrawn');
    const pages = fake.to(`/api/track/${TRACK}/true/instances`, 'POST').length;
    await user.click(within(dialog).getByRole('button', { name: 'Change Status' }));
    expect(await screen.findByRole('progressbar', { name: job.title })).toBeTruthy();
    await expectNoAxeViolations(document.body);
    expect(await screen.findByText(`Ann Abbott set to Withdrawn. Not changed: Bea Baker: ${stale}`, undefined, { timeout: 3000 })).toBeTruthy();
    expect(fake.to(`/api/track/${TRACK}/instances/bulk`, 'POST').map((r) => r.body)).toEqual([{ action: 'setStatus', status: 'Withdrawn', rows: shownRows }]);
    expect(fake.to('/api/track/instance', 'PATCH')).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe(`/tracks/${TRACK}/participants`));
    await waitFor(() => expect(fake.to(`/api/track/${TRACK}/true/instances`, 'POST').length).toBeGreaterThan(pages));
  });

  it('Assign Advisor sends the chosen advisor with the selected rows; a refusal of the start stays in the dialog', async () => {
    const user = userEvent.setup();
    const { read } = bulkJob({ succeeded: 2, failed: [] }, 'Assigning Ada Adviser as advisor to 2 enrolments in Track One');
    let starts = 0;
    const fake = server([ann, bea], undefined, {
      'GET /api/user/people-search': () => [{ id: 'a1', firstName: 'Ada', lastName: 'Adviser', email: 'ada@example.org' }],
      [`POST /api/track/${TRACK}/instances/bulk`]: () =>
        starts++ === 0 ? { status: 400, body: { message: 'Bad Request', fieldErrors: { advisorId: ['No such active user.'] } } } : { status: 202, body: { jobId: 'job-7' } },
      'GET /api/job/{id}': read,
    });
    renderTab(SUPERADMIN);
    await select(user, 'Ann Abbott', 'Bea Baker');
    await user.click(await screen.findByRole('menuitem', { name: 'Assign Advisor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Advisor to Participants' });
    await user.type(within(dialog).getByRole('combobox', { name: /Advisor/ }), 'Ad');
    await user.click(await screen.findByRole('option', { name: /Ada Adviser/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign Advisor' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Assign Advisor' }));
    expect(await screen.findByText('Ann Abbott, Bea Baker now have Ada Adviser as an advisor.', undefined, { timeout: 3000 })).toBeTruthy();
    expect(fake.to(`/api/track/${TRACK}/instances/bulk`, 'POST').map((r) => r.body)).toEqual(
      Array.from({ length: 2 }, () => ({ action: 'assignAdvisor', advisorId: 'a1', rows: shownRows })),
    );
  });

  it('Assign Advisor: Cancel with no advisor chosen just closes; with one chosen it asks SPEC’s cancel-assigning question (No stays, Yes closes, nothing sent)', async () => {
    const user = userEvent.setup();
    const fake = server([ann, bea], undefined, { 'GET /api/user/people-search': () => [{ id: 'a1', firstName: 'Ada', lastName: 'Adviser', email: 'ada@example.org' }] });
    renderTab(SUPERADMIN);
    await select(user, 'Ann Abbott', 'Bea Baker');
    await user.click(await screen.findByRole('menuitem', { name: 'Assign Advisor' }));
    let dialog = await screen.findByRole('dialog', { name: 'Assign Advisor to Participants' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Advisor to Participants' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assign Advisor' }));
    dialog = await screen.findByRole('dialog', { name: 'Assign Advisor to Participants' });
    await user.type(within(dialog).getByRole('combobox', { name: /Advisor/ }), 'Ad');
    await user.click(await screen.findByRole('option', { name: /Ada Adviser/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    let question = await screen.findByRole('alertdialog');
    expect(within(question).getByText(CANCEL_ASSIGNING_MESSAGE)).toBeTruthy();
    await expectNoAxeViolations(document.body);
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Assign Advisor to Participants' })).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    question = await screen.findByRole('alertdialog');
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Advisor to Participants' })).toBeNull());
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe(`/tracks/${TRACK}/participants`));
    expect(fake.to(`/api/track/${TRACK}/instances/bulk`, 'POST')).toEqual([]);
  });

  it('Remove Enrolments asks first; closed while the job runs, its progress moves to the toast region and the outcome still shows', async () => {
    const user = userEvent.setup();
    const { job } = bulkJob(null, 'Removing 2 enrolments from Track One');
    // Running until the dialog is closed, then done.
    let closed = false;
    const fake = server([ann, bea], undefined, {
      [`POST /api/track/${TRACK}/instances/bulk`]: () => ({ status: 202, body: { jobId: 'job-7' } }),
      'GET /api/job/{id}': () => (closed ? { ...job, status: 'succeeded', done: 2, result: { succeeded: 2, failed: [] } } : job),
    });
    renderTab(SUPERADMIN);
    await select(user, 'Ann Abbott', 'Bea Baker');
    await user.click(await screen.findByRole('menuitem', { name: 'Remove Enrolments' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Enrolments' });
    expect(fake.to(`/api/track/${TRACK}/instances/bulk`, 'POST')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    const progress = await screen.findByRole('dialog', { name: 'Remove Enrolments' });
    await within(progress).findByRole('progressbar', { name: job.title });
    // The footer's Close (the title bar has one too).
    await user.click(within(progress).getAllByRole('button', { name: 'Close' }).at(-1)!);
    closed = true;
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove Enrolments' })).toBeNull());
    // Reported once (findByText refuses two).
    expect(await screen.findByText('Ann Abbott, Bea Baker removed.', undefined, { timeout: 3000 })).toBeTruthy();
    expect(fake.to(`/api/track/${TRACK}/instances/bulk`, 'POST').map((r) => r.body)).toEqual([{ action: 'remove', rows: shownRows }]);
  });

  it('a dialog reached by link with nothing selected says so', async () => {
    server();
    renderTab(SUPERADMIN, `/tracks/${TRACK}/participants/remove-enrolments`);
    const dialog = await screen.findByRole('dialog', { name: 'Remove Enrolments' });
    expect(within(dialog).getByText(/No participants are selected/)).toBeTruthy();
  });
});
