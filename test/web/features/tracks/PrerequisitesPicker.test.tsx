import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StepHeaderView } from '../../../../shared/schemas/track';
import { PrerequisitesPicker } from '../../../../web/src/features/tracks/steps/PrerequisitesPicker';
import { expectNoAxeViolations } from '../../../support/axe';

const step = (id: string, prerequisites: string[] = []): StepHeaderView => ({ id, phaseId: 'p', name: `Step ${id}`, required: false, inactive: false, prerequisites, originStepTemplateId: null, version: 1 });
// a <- b <- c (c depends on b, b on a); d stands alone.
const steps = [step('a'), step('b', ['a']), step('c', ['b']), step('d')];

describe('PrerequisitesPicker', () => {
  it("lists the phase's other steps; the edited step's dependents, direct or not, are '(dependent)' and disabled", async () => {
    const onChange = vi.fn();
    render(<PrerequisitesPicker steps={steps} stepId="a" value={[]} onChange={onChange} />);
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Step b (dependent)', 'Step c (dependent)', 'Step d']);
    expect((screen.getByRole('checkbox', { name: 'Step c (dependent)' }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.setup().click(screen.getByText('Step d'));
    expect(onChange).toHaveBeenCalledWith(['d']);
  });

  it('offers every step to a new step (it has no dependents yet), and shows the server message', async () => {
    const { container } = render(<PrerequisitesPicker steps={steps} value={['a']} onChange={() => {}} errorMessage="A step cannot depend on itself or on a step that depends on it." />);
    expect(screen.getAllByRole('checkbox').filter((box) => !(box as HTMLInputElement).disabled)).toHaveLength(4);
    expect((screen.getByRole('checkbox', { name: 'Step a' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('A step cannot depend on itself or on a step that depends on it.')).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});
