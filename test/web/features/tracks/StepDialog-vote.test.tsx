import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StepDetail } from '@shared/schemas/step';
import { QUORUM_MESSAGE } from '@shared/schemas/committee-vote';
import { ModalWithFooterSlot } from '../../../../web/src/components/ui/ModalWithFooterSlot';
import { StepDialog } from '../../../../web/src/features/tracks/steps/StepDialog';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer, type SentRequest } from '../../../support/fake-server';

/** Edit Step's committee vote (issue 26): an action of type Committee Vote names a group, a quorum and a majority. */
const approval = { id: 'action-1', stepTemplateId: 'step-1', type: 'Approval' as const, name: 'Panel decision', roleId: 'role-advisor', vote: null };
const rule = { userGroupId: 'g2', quorumKind: 'share' as const, quorum: 60, majority: 'threeFourths' as const, base: 'present' as const };
const stepWith = (actions: StepDetail['actions']): StepDetail => ({
  id: 'step-1', phaseId: 'phase-1', name: 'Ordination interview', required: true, inactive: false, prerequisites: [], originStepTemplateId: null, version: 3,
  trackTemplateId: 'track-1', description: '', dueDays: null, contents: [], actions, attachments: [],
});
const groups = [{ id: 'g1', label: 'Spring panel' }, { id: 'g2', label: 'Ordination committee' }];
const roles = [{ id: 'role-advisor', label: 'Advisor' }];

type ActionBody = { actions: Array<{ type: string; vote: unknown }> };
/** The server's answer: the step as saved (its actions as sent, each now of the step). */
const saved = (step: StepDetail) => (request: SentRequest) => ({
  ...step,
  version: step.version + 1,
  actions: (request.body as ActionBody).actions.map((sent, index) => ({ ...step.actions[index], ...sent, stepTemplateId: step.id })),
});

function renderDialog(step: StepDetail, onSaved = vi.fn()) {
  return render(
    <ModalWithFooterSlot onClose={() => {}} title="Edit Step">
      <StepDialog phaseId="phase-1" phaseSteps={[]} step={step} roles={roles} groups={groups} formNames={new Map()} onSaved={onSaved} />
    </ModalWithFooterSlot>,
  );
}

const action = () => screen.getByRole('group', { name: 'Action 1' });
const sentActions = (server: ReturnType<typeof fakeServer>) => (server.requests[0].body as ActionBody).actions;

describe('StepDialog: Committee Vote', () => {
  it('asks for the rule when an action becomes a committee vote, and sends it', async () => {
    const user = userEvent.setup();
    const step = stepWith([approval]);
    const server = fakeServer({ 'POST /api/step/update-step-template': saved(step) });
    const onSaved = vi.fn();
    renderDialog(step, onSaved);
    expect(within(action()).queryByLabelText('Group')).toBeNull();

    await user.click(within(action()).getByRole('radio', { name: 'Committee Vote' }));
    const group = within(action()).getByLabelText('Group') as HTMLSelectElement;
    expect([...group.options].map((option) => option.textContent)).toEqual(['Select...', 'Spring panel', 'Ordination committee']);
    // The role stays: it names whom the participant sees the vote awaits.
    expect(within(action()).getByRole('combobox', { name: /Role/ })).toBeTruthy();
    expect(within(action()).getByRole('radio', { name: 'Members' })).toHaveProperty('checked', true);
    expect(within(action()).getByRole('radio', { name: 'Simple majority' })).toHaveProperty('checked', true);
    expect(within(action()).getByRole('radio', { name: 'of votes cast' })).toHaveProperty('checked', true);

    // Nothing chosen: the shared schema's messages, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(action()).findByText('Group is required.')).toBeTruthy();
    expect(within(action()).getByText(QUORUM_MESSAGE)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
    await expectNoAxeViolations(document.body);

    await user.selectOptions(group, 'Ordination committee');
    await user.type(within(action()).getByRole('spinbutton', { name: 'Quorum' }), '60');
    await user.click(within(action()).getByRole('radio', { name: 'Percent of members' }));
    await user.click(within(action()).getByRole('radio', { name: 'Three-fourths' }));
    await user.click(within(action()).getByRole('radio', { name: 'of members present' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sentActions(server)).toEqual([{ id: 'action-1', type: 'Committee Vote', name: 'Panel decision', roleId: 'role-advisor', vote: rule }]);
  });

  it('shows a loaded rule, keeps it while the type changes, and sends null for any other type', async () => {
    const user = userEvent.setup();
    const step = stepWith([{ ...approval, type: 'Committee Vote', vote: rule }]);
    const server = fakeServer({ 'POST /api/step/update-step-template': saved(step) });
    const onSaved = vi.fn();
    renderDialog(step, onSaved);
    expect((within(action()).getByLabelText('Group') as HTMLSelectElement).value).toBe('g2');
    expect((within(action()).getByRole('spinbutton', { name: 'Quorum' }) as HTMLInputElement).value).toBe('60');
    expect(within(action()).getByRole('radio', { name: 'Three-fourths' })).toHaveProperty('checked', true);

    // Away and back: the rule is still there.
    await user.click(within(action()).getByRole('radio', { name: 'Signature' }));
    expect(within(action()).queryByLabelText('Group')).toBeNull();
    await user.click(within(action()).getByRole('radio', { name: 'Committee Vote' }));
    expect((within(action()).getByLabelText('Group') as HTMLSelectElement).value).toBe('g2');

    await user.click(within(action()).getByRole('radio', { name: 'Approval' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sentActions(server)[0]).toMatchObject({ type: 'Approval', vote: null });
  });

  it("shows the server's messages about the rule on its fields", async () => {
    const user = userEvent.setup();
    const step = stepWith([{ ...approval, type: 'Committee Vote', vote: rule }]);
    fakeServer({
      'POST /api/step/update-step-template': () => ({
        status: 400,
        body: { message: 'Bad Request', fieldErrors: { 'actions.0.vote.userGroupId': ['Choose an interview group of this track.'], 'actions.0.vote.quorum': ['Too many.'] } },
      }),
    });
    renderDialog(step);
    await user.type(screen.getAllByRole('textbox', { name: /^Name/ })[0], ' now');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(action()).findByText('Choose an interview group of this track.')).toBeTruthy();
    expect(within(action()).getByText('Too many.')).toBeTruthy();
    expect(within(action()).getByLabelText('Group').getAttribute('aria-invalid')).toBe('true');
  });
});
