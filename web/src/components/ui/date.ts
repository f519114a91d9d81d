import { toCalendarDate, type DateValue } from '@internationalized/date';

/** SPEC.md section 9: the latest date any picker accepts. */
export const DATE_MAX = '9999-12-31';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * ISO year-month-day ('2024-03-07'). A JS Date is read in local time, i.e. the day the
 * user sees on their calendar, not the UTC day.
 */
export function toIsoDate(date: Date | DateValue): string {
  if (date instanceof Date) return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return toCalendarDate(date).toString();
}

/** Reads 'YYYY-MM-DD' as a local calendar day (new Date('YYYY-MM-DD') would mean UTC midnight). */
function toDisplayDate(iso: string): Date {
  if (!DATE_ONLY.test(iso)) return new Date(iso);
  const [year, month, day] = iso.split('-').map(Number);
  const date = new Date(year, month - 1, day);
  date.setFullYear(year); // years below 100 would otherwise map to 19xx
  return date;
}

// One formatter each, made on first use: toLocale*String builds a new one per call, which a
// table of dates pays per cell while the page loads.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** en-US display of a date ('3/7/2024'); accepts 'YYYY-MM-DD' or a full ISO timestamp. Empty for bad input. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = toDisplayDate(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (dateFormat ??= new Intl.DateTimeFormat('en-US')).format(date);
}

/** en-US date and time for timestamps such as 'Submitted {time}' ('Mar 7, 2024, 2:05 PM'). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (dateTimeFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })).format(date);
}
