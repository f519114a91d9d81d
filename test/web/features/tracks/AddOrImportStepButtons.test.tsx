import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddOrImportStepButtons } from '../../../../web/src/features/tracks/AddOrImportStepButtons';
import { expectNoAxeViolations } from '../../../support/axe';

describe('AddOrImportStepButtons', () => {
  it('each button runs its own callback', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    const onImport = vi.fn();
    render(<AddOrImportStepButtons onAdd={onAdd} onImport={onImport} />);
    await user.click(screen.getByRole('button', { name: 'Add new step' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onImport).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Import existing step' }));
    expect(onImport).toHaveBeenCalledTimes(1);
  });

  it('can be disabled', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    render(<AddOrImportStepButtons onAdd={onAdd} onImport={() => {}} isDisabled />);
    await user.click(screen.getByRole('button', { name: 'Add new step' }));
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('has no axe violations', async () => {
    const { container } = render(<AddOrImportStepButtons onAdd={() => {}} onImport={() => {}} />);
    await expectNoAxeViolations(container);
  });
});
