import type { ReactNode } from 'react';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { Button as AriaButton, DateInput, DatePicker as AriaDatePicker, DateSegment, Dialog, Group } from 'react-aria-components';
import { cx } from './classNames';
import { DATE_MAX } from './date';
import { FieldDescription, FieldErrorText, FieldLabel } from './Field';
import { MonthCalendar } from './MonthCalendar';
import { Popover } from './Popover';
import './DateSegments.css';
import './DatePicker.css';

export interface DatePickerProps {
  label: ReactNode;
  /** ISO 'YYYY-MM-DD' or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  description?: ReactNode;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** ISO bounds; the maximum defaults to 9999-12-31 (SPEC.md section 9). */
  minValue?: string;
  maxValue?: string;
  name?: string;
  className?: string;
}

function parseIso(value: string | null | undefined): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

/** A date field (typed month/day/year segments) with a calendar popup, value as an ISO date string. */
export function DatePicker({
  label,
  value,
  onChange,
  description,
  errorMessage,
  isRequired,
  isDisabled,
  minValue,
  maxValue = DATE_MAX,
  name,
  className,
}: DatePickerProps) {
  return (
    <AriaDatePicker<CalendarDate>
      value={parseIso(value)}
      onChange={(date) => onChange(date ? date.toString() : null)}
      minValue={parseIso(minValue) ?? undefined}
      maxValue={parseIso(maxValue) ?? undefined}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={errorMessage ? true : undefined}
      validationBehavior="aria"
      name={name}
      className={cx('ui-field', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Group className="ui-date-group">
        <DateInput className="ui-date-input">{(segment) => <DateSegment segment={segment} className="ui-date-segment" />}</DateInput>
        <AriaButton className="ui-date-picker-toggle">
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <rect x="2" y="3" width="12" height="11" rx="2" stroke="currentColor" strokeWidth="1.5" fill="none" />
            <path d="M2 6.5h12M5 1.5v3M11 1.5v3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
        </AriaButton>
      </Group>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <Popover placement="bottom start">
        <Dialog className="ui-calendar-dialog">
          <MonthCalendar<CalendarDate> />
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
