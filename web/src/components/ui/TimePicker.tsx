import type { ReactNode } from 'react';
import { parseTime, type Time } from '@internationalized/date';
import { DateInput, DateSegment, TimeField } from 'react-aria-components';
import { cx } from './classNames';
import { FieldDescription, FieldErrorText, FieldLabel } from './Field';
import './DateSegments.css';

export interface TimePickerProps {
  label: ReactNode;
  /** 24-hour 'HH:mm' or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  description?: ReactNode;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  name?: string;
  className?: string;
}

function parseHhMm(value: string | null): Time | null {
  if (!value) return null;
  try {
    return parseTime(value);
  } catch {
    return null;
  }
}

/** 'HH:mm' (24 h) of a react-aria Time. */
export function toHhMm(time: Time): string {
  return time.toString().slice(0, 5);
}

/**
 * A time field of three spin buttons: hour 01-12, minute 00-59, AM/PM (SPEC.md section 2).
 * Arrow keys step each part; digits type into it. The value in and out is 24-hour 'HH:mm'.
 */
export function TimePicker({ label, value, onChange, description, errorMessage, isRequired, isDisabled, name, className }: TimePickerProps) {
  return (
    <TimeField<Time>
      value={parseHhMm(value)}
      onChange={(time) => onChange(time ? toHhMm(time) : null)}
      hourCycle={12}
      granularity="minute"
      shouldForceLeadingZeros
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={errorMessage ? true : undefined}
      validationBehavior="aria"
      name={name}
      className={cx('ui-field', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <DateInput className="ui-date-group ui-date-input">{(segment) => <DateSegment segment={segment} className="ui-date-segment" />}</DateInput>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </TimeField>
  );
}
