import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TimePicker } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

function Harness({ initial = null, onChange = () => {} }: { initial?: string | null; onChange?: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <TimePicker
      label="Meeting time"
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

const hour = () => screen.getByRole('spinbutton', { name: /hour/i });
const minute = () => screen.getByRole('spinbutton', { name: /minute/i });
const period = () => screen.getByRole('spinbutton', { name: /AM\/PM/i });

describe('TimePicker', () => {
  it('shows a 24-hour value as hour 01-12, minutes and AM/PM', () => {
    render(<Harness initial="13:05" />);
    expect(hour().textContent).toBe('01');
    expect(minute().textContent).toBe('05');
    expect(period().textContent).toBe('PM');
  });

  it('shows midnight as 12 AM and noon as 12 PM', () => {
    const { unmount } = render(<Harness initial="00:30" />);
    expect([hour().textContent, minute().textContent, period().textContent]).toEqual(['12', '30', 'AM']);
    unmount();
    render(<Harness initial="12:00" />);
    expect([hour().textContent, minute().textContent, period().textContent]).toEqual(['12', '00', 'PM']);
  });

  it('hours run 1-12 and minutes 0-59', () => {
    render(<Harness initial="09:15" />);
    expect(hour().getAttribute('aria-valuemin')).toBe('1');
    expect(hour().getAttribute('aria-valuemax')).toBe('12');
    expect(minute().getAttribute('aria-valuemin')).toBe('0');
    expect(minute().getAttribute('aria-valuemax')).toBe('59');
  });

  it('arrow keys step a part and report 24-hour HH:mm', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="13:05" onChange={onChange} />);
    await user.tab();
    expect(document.activeElement).toBe(hour());
    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith('14:05');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('14:04');
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith('02:04');
  });

  it('typing fills the parts in order', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(hour());
    await user.keyboard('0945p');
    expect(onChange).toHaveBeenLastCalledWith('21:45');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Harness initial="08:30" />);
    await expectNoAxeViolations(container);
  });
});
