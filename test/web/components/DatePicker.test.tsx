import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATE_MAX, DatePicker } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

function Harness({ initial = null, onChange = () => {} }: { initial?: string | null; onChange?: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <DatePicker
      label="Start date"
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

async function openCalendar(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Calendar/ }));
  return screen.getByRole('dialog');
}

const dayCells = (dialog: HTMLElement) => Array.from(dialog.querySelectorAll('tbody td'));
const cellWithDay = (dialog: HTMLElement, day: string) =>
  dayCells(dialog).find((cell) => cell.textContent === day && !cell.querySelector('[data-outside-month]'))!;
/** The visible month buttons (react-aria also renders hidden ones for screen readers). */
const navButton = (dialog: HTMLElement, name: 'Previous' | 'Next') =>
  within(dialog)
    .getAllByRole('button', { name })
    .find((button) => button.classList.contains('ui-calendar-nav'))!;
const selectNamed = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('combobox', { name }) as HTMLSelectElement;

beforeEach(() => {
  // Only the clock is fake, so "today" is fixed: Wednesday 18 February 2026.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 1, 18, 10, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DatePicker', () => {
  it('always shows 6 weeks x 7 days, even for a 4-week month', async () => {
    // February 2026 starts on a Sunday and has 28 days: exactly 4 calendar weeks.
    const user = userEvent.setup();
    render(<Harness initial="2026-02-10" />);
    const dialog = await openCalendar(user);
    expect(dialog.querySelectorAll('tbody tr')).toHaveLength(6);
    expect(dayCells(dialog)).toHaveLength(42);
  });

  it('has a weekday header', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-02-10" />);
    const dialog = await openCalendar(user);
    const headers = Array.from(dialog.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('disables the days outside the shown month', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-02-10" />);
    const dialog = await openCalendar(user);
    const outside = dayCells(dialog).filter((cell) => cell.querySelector('[data-outside-month]'));
    expect(outside).toHaveLength(14); // March 1-14 fill weeks 5 and 6
    for (const cell of outside) expect(cell.getAttribute('aria-disabled')).toBe('true');
    expect(cellWithDay(dialog, '10').getAttribute('aria-disabled')).toBeNull();
  });

  it('highlights today and the selected day', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-02-10" />);
    const dialog = await openCalendar(user);
    const today = dialog.querySelector('[data-today]')!;
    expect(today.textContent).toBe('18');
    const selected = dialog.querySelector('[data-selected]')!;
    expect(selected.textContent).toBe('10');
    expect(selected.closest('td')!.getAttribute('aria-selected')).toBe('true');
  });

  it('moves by month with the previous and next buttons', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-02-10" />);
    const dialog = await openCalendar(user);
    const month = selectNamed(dialog, /month/i);
    const year = selectNamed(dialog, /year/i);
    expect(month.selectedOptions[0].textContent).toBe('February');
    await user.click(navButton(dialog, 'Next'));
    expect(month.selectedOptions[0].textContent).toBe('March');
    await user.click(navButton(dialog, 'Previous'));
    await user.click(navButton(dialog, 'Previous'));
    expect(month.selectedOptions[0].textContent).toBe('January');
    expect(year.selectedOptions[0].textContent).toBe('2026');
  });

  it('moves by year with the year control and by month with the month control', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-02-10" />);
    const dialog = await openCalendar(user);
    await user.selectOptions(selectNamed(dialog, /year/i), '1990');
    expect(selectNamed(dialog, /year/i).selectedOptions[0].textContent).toBe('1990');
    expect(selectNamed(dialog, /month/i).selectedOptions[0].textContent).toBe('February');
    // February 1990 began on a Thursday: the first row starts with 28-31 January.
    expect(dayCells(dialog).slice(0, 5).map((cell) => cell.textContent)).toEqual(['28', '29', '30', '31', '1']);
    await user.selectOptions(selectNamed(dialog, /month/i), 'June');
    expect(selectNamed(dialog, /month/i).selectedOptions[0].textContent).toBe('June');
  });

  it(`stops at ${DATE_MAX}`, async () => {
    const user = userEvent.setup();
    render(<Harness initial="9999-12-15" />);
    const dialog = await openCalendar(user);
    expect(navButton(dialog, 'Next').hasAttribute('disabled')).toBe(true);
    const years = Array.from(selectNamed(dialog, /year/i).options).map((option) => option.textContent);
    expect(years.at(-1)).toBe('9999');
    expect(cellWithDay(dialog, '31').getAttribute('aria-disabled')).toBeNull();
  });

  it('picks a day with the mouse and returns an ISO date', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="2026-02-10" onChange={onChange} />);
    const dialog = await openCalendar(user);
    await user.click(within(cellWithDay(dialog, '20') as HTMLElement).getByRole('button'));
    expect(onChange).toHaveBeenLastCalledWith('2026-02-20');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keyboard: Enter opens, arrows move the day, Page Down the month, Enter picks', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="2026-02-10" onChange={onChange} />);
    act(() => screen.getByRole('button', { name: /Calendar/ }).focus());
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('10'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('11');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('18');
    await user.keyboard('{PageDown}');
    expect(selectNamed(dialog, /month/i).selectedOptions[0].textContent).toBe('March');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-18');
  });

  it('Escape closes the calendar', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-02-10" />);
    await openCalendar(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('accepts a typed date', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('spinbutton', { name: /month/i }));
    await user.keyboard('03152027');
    expect(onChange).toHaveBeenLastCalledWith('2027-03-15');
  });

  it('has no axe violations, closed and open', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness initial="2026-02-10" />);
    await expectNoAxeViolations(container);
    const dialog = await openCalendar(user);
    await expectNoAxeViolations(dialog);
  });
});
