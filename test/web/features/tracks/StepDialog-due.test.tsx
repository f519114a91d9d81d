import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StepDetail } from '@shared/schemas/step';
import { STEP_DUE_DAYS_MESSAGE } from '@shared/schemas/step';
import { ModalWithFooterSlot } from '../../../../web/src/components/ui/ModalWithFooterSlot';
import { StepDialog } from '../../../../web/src/features/tracks/steps/StepDialog';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer, type SentRequest } from '../../../support/fake-server';

/** Edit Step's due period (issue 12): days after the step becomes Ready until it is Overdue. */
const step: StepDetail = {
  id: 'step-1',
  phaseId: 'phase-1',
  name: 'Share your call story',
  required: true,
  inactive: false,
  prerequisites: [],
  originStepTemplateId: null,
  version: 3,
  trackTemplateId: 'track-1',
  description: '',
  dueDays: 7,
  contents: [{ id: 'content-1', stepTemplateId: 'step-1', type: 'Task', name: 'Call story', roleId: 'role-participant', isPrivate: false, approvedRoles: [], task: { name: 'Write it', description: 'One or two pages.' }, upload: null, formId: null }],
  actions: [],
  attachments: [],
};

/** The server's answer to an edit: the step as saved. */
const updated = (request: SentRequest) => {
  const body = request.body as { name: string; dueDays: number | null };
  return { ...step, name: body.name, dueDays: body.dueDays, version: step.version + 1 };
};

function renderDialog(onSaved = vi.fn()) {
  const roles = [{ id: 'role-participant', label: 'Participant' }];
  return render(
    <ModalWithFooterSlot onClose={() => {}} title="Edit Step">
      <StepDialog phaseId="phase-1" phaseSteps={[]} step={step} roles={roles} formNames={new Map()} onSaved={onSaved} />
    </ModalWithFooterSlot>,
  );
}

describe('StepDialog: Due in days', () => {
  it("shows the step's due period, refuses one out of range with the server's message, and saves a new one", async () => {
    const user = userEvent.setup();
    const server = fakeServer({ 'POST /api/step/update-step-template': updated });
    const onSaved = vi.fn();
    renderDialog(onSaved);
    const field = screen.getByLabelText('Due in days') as HTMLInputElement;
    expect(field.value).toBe('7');

    await user.clear(field);
    await user.type(field, '400');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(STEP_DUE_DAYS_MESSAGE)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
    await expectNoAxeViolations(document.body);

    await user.clear(field);
    await user.type(field, '14');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.requests[0].body).toMatchObject({ id: 'step-1', version: 3, dueDays: 14 });
  });

  it('an emptied field clears the due date (null)', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ 'POST /api/step/update-step-template': updated });
    const onSaved = vi.fn();
    renderDialog(onSaved);
    await user.clear(screen.getByLabelText('Due in days'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.requests[0].body).toMatchObject({ dueDays: null });
  });

  it('saves an edit made in the first change after opening (the dirty check sees it)', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ 'POST /api/step/update-step-template': updated });
    const onSaved = vi.fn();
    renderDialog(onSaved);
    await user.type(screen.getAllByRole('textbox', { name: /^Name/ })[0], ' now');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.requests[0].body).toMatchObject({ name: 'Share your call story now', dueDays: 7 });
  });
});
