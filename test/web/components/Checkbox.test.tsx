import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

describe('Checkbox', () => {
  it('toggles with a click and with Space', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox onChange={onChange}>Active</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'Active' }) as HTMLInputElement;
    await user.click(box);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(box.checked).toBe(true);
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('supports the indeterminate state', () => {
    render(<Checkbox aria-label="Select all rows" isIndeterminate />);
    expect((screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement).indeterminate).toBe(true);
  });

  it('does not toggle when disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Checkbox onChange={onChange} isDisabled>
        Inactive
      </Checkbox>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Inactive' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <div>
        <Checkbox defaultSelected>Home</Checkbox>
        <Checkbox aria-label="Select row 1" />
      </div>,
    );
    await expectNoAxeViolations(container);
  });
});
