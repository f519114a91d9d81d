import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StepPage from '../../../../web/src/features/steps/StepPage';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer, renderPage } from '../admin/admin-harness';

/** Content items whose task, upload or form is gone: the server sends them without it. */
const gone = (id: string, type: 'Task' | 'Upload' | 'Form', name: string) => ({
  id, contentTemplateId: `t-${id}`, version: 1, type, name, roleName: 'Participant', isPrivate: false, hidden: false, canChange: true, done: false,
});
const task = { ...gone('c0', 'Task', 'Reading'), task: { name: 'Read the handbook', description: 'Chapters 1 to 3.', completed: false } };
const step = {
  id: 's1', version: 1, status: 'Ready', stepTemplateId: 't1', trackInstanceId: 'ti1', trackTemplateId: 'tt1', trackName: 'Candidacy Pathway', name: 'Getting started',
  description: '<p>Start here.</p>', attachments: [], canChangeStatus: false, contentDone: false,
  contents: [task, gone('c1', 'Task', 'Call story'), gone('c2', 'Upload', 'Transcript'), gone('c3', 'Form', 'Questionnaire')], actions: [],
};

describe('the step page with content whose template is gone (SPEC.md section 8)', () => {
  it("says for each that its content cannot be found, with SPEC's sentence for a task, an upload and a form", async () => {
    fakeServer({ 'GET /api/step/step-instance/s1': () => step });
    const { container } = renderPage('/step/s1', { role: 'Participant' }, { path: 'step/:id', element: <StepPage /> });
    const item = async (name: string) => (await screen.findByRole('heading', { name })).closest('li')!;
    expect(within(await item('Call story')).getByText("Something must have gone wrong... We can't find the content for this task.")).toBeTruthy();
    expect(within(await item('Transcript')).getByText("Something must have gone wrong... We can't find the content for this upload.")).toBeTruthy();
    expect(within(await item('Questionnaire')).getByText("Something must have gone wrong... We can't find the content for this form.")).toBeTruthy();
    // Content that is there shows as before.
    expect(within(await item('Reading')).getByRole('checkbox', { name: 'Read the handbook' })).toBeTruthy();
    expect(screen.getAllByText(/Something must have gone wrong/)).toHaveLength(3);
    await expectNoAxeViolations(container);
  });
});
