import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import StepPage from '../../../../web/src/features/steps/StepPage';
import { fakeServer, renderPage } from '../admin/admin-harness';

const STEP = '/api/step/step-instance/s1';
const FORM = '/api/form/form-instance/f1';
const formContent = {
  id: 'c1', contentTemplateId: 'ct1', version: 1, type: 'Form', name: 'Questionnaire', roleName: 'Participant', isPrivate: false, hidden: false, canChange: true, done: false,
  form: { formInstanceId: 'f1', formId: 'form1', formVersion: 1, version: 1, submitted: false },
};
const step = {
  id: 's1', version: 1, status: 'Ready', stepTemplateId: 't1', trackInstanceId: 'ti1', trackTemplateId: 'tt1', trackName: 'Candidacy Pathway', name: 'Background questionnaire',
  description: '<p>Complete it.</p>', attachments: [], canChangeStatus: false, contentDone: false, contents: [formContent], actions: [],
};
const instance = {
  id: 'f1', formId: 'form1', formVersion: 1, version: 1, submitted: false, data: {}, stepInstanceId: 's1', title: 'Questionnaire', trackName: 'Candidacy Pathway', phaseName: 'Formation', stepName: 'Background questionnaire',
  form: { name: 'Questionnaire', layout: [{ id: 'cell1', fieldId: 'name' }], fields: [{ id: 'name', name: 'Full name', type: 'Text', properties: { required: true } }] },
};

describe('the step page with a form', () => {
  it('reads the step again after the form is submitted in the runner, which moves the step on the server', async () => {
    const user = userEvent.setup();
    let current: unknown = step;
    const server = fakeServer({
      [`GET ${STEP}`]: () => current,
      [`GET ${FORM}`]: () => instance,
      [`PATCH ${FORM}`]: () => {
        current = { ...step, status: 'PendingReview', version: 2, contentDone: true, contents: [{ ...formContent, done: true, form: { ...formContent.form, version: 2, submitted: true, submittedAt: '2026-11-23T10:00:00.000Z' } }] };
        return { ...instance, version: 2, submitted: true, submittedAt: '2026-11-23T10:00:00.000Z', data: { name: 'Pat' } };
      },
    });
    renderPage('/step/s1', { role: 'Participant' }, { path: 'step/:id', element: <StepPage /> });
    await user.type(await screen.findByRole('textbox', { name: /Full name/ }), 'Pat');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText('Pending Review')).toBeTruthy());
    expect(server.to(STEP, 'GET')).toHaveLength(2);
    // The runner says when it was submitted; the page does not say it a second time.
    expect(screen.getAllByText(/^Submitted /)).toHaveLength(1);
  });
});

describe('a form on the step page that the caller does not fill in', () => {
  it('shows the answers locked, with nothing to submit, save or reset (the server takes answers only from the participant)', async () => {
    fakeServer({
      [`GET ${STEP}`]: () => ({ ...step, canChangeStatus: true, contents: [{ ...formContent, canChange: false }] }),
      [`GET ${FORM}`]: () => ({ ...instance, data: { name: 'Pat' } }),
    });
    renderPage('/step/s1', { role: 'Advisor' }, { path: 'step/:id', element: <StepPage /> });
    const answer = await screen.findByRole('textbox', { name: /Full name/ });
    expect((answer as HTMLInputElement).value).toBe('Pat');
    expect((answer as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Currently in progress by Participant')).toBeTruthy();
    for (const name of ['Submit', 'Save', 'Reset']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(answer.closest('form')?.hasAttribute('data-locked')).toBe(true);
  });
});

describe('a step page whose form is still loading', () => {
  it('shows its content and actions together once the answers are there, so the Actions do not jump down when the form arrives', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const action = { id: 'a1', actionTemplateId: 'at1', version: 1, type: 'Approval', name: 'Advisor approval', roleName: 'Advisor', approved: null, user: null, canDecide: false, vote: null };
    fakeServer({
      [`GET ${STEP}`]: () => ({ ...step, actions: [action] }),
      [`GET ${FORM}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderPage('/step/s1', { role: 'Participant' }, { path: 'step/:id', element: <StepPage /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Background questionnaire' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Loading step...')).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Content' })).toBeNull();
    answer(instance);
    expect(await screen.findByRole('heading', { name: 'Actions' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Full name/ })).toBeTruthy();
    expect(screen.queryByText('Loading step...')).toBeNull();
  });
});
