import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

const types = [
  { value: 'Behavior', label: 'Behavior' },
  { value: 'Character', label: 'Character' },
  { value: 'Performance', label: 'Performance' },
];

function Harness({ onChange = () => {}, errorMessage }: { onChange?: (value: string) => void; errorMessage?: string }) {
  const [value, setValue] = useState<string | null>('Behavior');
  return (
    <RadioGroup
      label="Type"
      options={types}
      value={value}
      errorMessage={errorMessage}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

describe('RadioGroup', () => {
  it('is a labelled group showing the current value', () => {
    render(<Harness />);
    expect(screen.getByRole('radiogroup', { name: 'Type' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Behavior' }) as HTMLInputElement).checked).toBe(true);
  });

  it('Tab enters at the selected option and arrow keys change the choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Behavior' }));
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('Character');
    expect((screen.getByRole('radio', { name: 'Character' }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith('Behavior');
  });

  it('a click chooses an option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: 'Performance' }));
    expect(onChange).toHaveBeenLastCalledWith('Performance');
  });

  it('shows the error in italics', () => {
    render(<Harness errorMessage="Field must be filled out." />);
    expect(screen.getByText('Field must be filled out.').className).toContain('ui-field-error');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Harness errorMessage="Required" />);
    await expectNoAxeViolations(container);
  });
});
