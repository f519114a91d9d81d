import { useContext } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridHeader,
  CalendarHeaderCell,
  CalendarMonthPicker,
  CalendarStateContext,
} from 'react-aria-components';
import type { DateValue } from '@internationalized/date';
import './DatePicker.css';

/** SPEC.md section 2: the grid always shows 6 weeks of 7 days. */
const WEEKS_SHOWN = 6;
/** Years offered each side of the shown one in the year control (fewer near the limits). */
const YEARS_EACH_SIDE = 100;

/** The six week rows; react-aria would show only the weeks the month touches. */
function SixWeekBody() {
  const state = useContext(CalendarStateContext);
  if (!state) return null;
  const monthStart = state.visibleRange.start;
  return (
    <tbody>
      {Array.from({ length: WEEKS_SHOWN }, (_, week) => (
        <tr key={week}>
          {state.getDatesInWeek(week, monthStart).map((date, day) =>
            date ? <CalendarCell key={day} date={date} className="ui-calendar-cell" /> : <td key={day} />,
          )}
        </tr>
      ))}
    </tbody>
  );
}

/**
 * The year control. Our own rather than react-aria's CalendarYearPicker, which loops forever
 * when the maximum date is the calendar's last day (9999-12-31, our maximum).
 */
function YearSelect() {
  const state = useContext(CalendarStateContext);
  if (!state) return null;
  const focused = state.focusedDate;
  const first = Math.max(state.minValue?.year ?? 1, focused.year - YEARS_EACH_SIDE);
  const last = Math.min(state.maxValue?.year ?? 9999, focused.year + YEARS_EACH_SIDE);
  const years = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  return (
    <select aria-label="Year" value={focused.year} onChange={(event) => state.setFocusedDate(focused.set({ year: Number(event.target.value) }))}>
      {years.map((year) => (
        <option key={year} value={year}>
          {year}
        </option>
      ))}
    </select>
  );
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path
        d={direction === 'left' ? 'M10 3.5L5.5 8 10 12.5' : 'M6 3.5L10.5 8 6 12.5'}
        stroke="currentColor"
        strokeWidth="1.8"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * One month: previous/next month buttons, month and year selects, weekday header and a
 * 42-day grid. Days outside the month are disabled (react-aria); today and the selected day
 * are highlighted through data-today and data-selected.
 */
export function MonthCalendar<T extends DateValue>({ 'aria-label': ariaLabel }: { 'aria-label'?: string }) {
  return (
    <Calendar<T> aria-label={ariaLabel} className="ui-calendar">
      <header className="ui-calendar-header">
        <AriaButton slot="previous" className="ui-calendar-nav">
          <ChevronIcon direction="left" />
        </AriaButton>
        <div className="ui-calendar-selects">
          <CalendarMonthPicker format="long">
            {(picker) => (
              <select aria-label="Month" value={String(picker.value)} onChange={(event) => picker.onChange(Number(event.target.value))}>
                {picker.items.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.formatted}
                  </option>
                ))}
              </select>
            )}
          </CalendarMonthPicker>
          <YearSelect />
        </div>
        <AriaButton slot="next" className="ui-calendar-nav">
          <ChevronIcon direction="right" />
        </AriaButton>
      </header>
      <CalendarGrid className="ui-calendar-grid" weekdayStyle="short">
        <CalendarGridHeader>{(day) => <CalendarHeaderCell>{day}</CalendarHeaderCell>}</CalendarGridHeader>
        <SixWeekBody />
      </CalendarGrid>
    </Calendar>
  );
}
