import { CalendarDate } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, toIsoDate } from '../../../web/src/components/ui';

describe('date helpers', () => {
  it('toIsoDate gives ISO year-month-day of the local calendar day', () => {
    expect(toIsoDate(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
    expect(toIsoDate(new Date(2024, 11, 31, 0, 1))).toBe('2024-12-31');
    expect(toIsoDate(new CalendarDate(9999, 12, 31))).toBe('9999-12-31');
  });

  it('formatDate shows en-US dates without shifting the day', () => {
    expect(formatDate('2024-03-07')).toBe('3/7/2024');
    expect(formatDate('2024-01-01')).toBe('1/1/2024');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('formatDateTime shows an en-US date and time', () => {
    const iso = new Date(2024, 2, 7, 14, 5).toISOString();
    expect(formatDateTime(iso)).toBe('Mar 7, 2024, 2:05 PM');
    expect(formatDateTime(null)).toBe('');
  });
});
