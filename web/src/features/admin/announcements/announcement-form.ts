import * as z from 'zod';
import { ANNOUNCEMENT_MESSAGE_MAX, ANNOUNCEMENT_TITLE_MAX, END_AFTER_START, ON_ANY_OBJECT, requireTexts, START_REQUIRED, type AnnouncementRecord } from '@shared/schemas/announcement';

/** The audience choice that means everyone (the API's null). */
export const EVERYONE = 'everyone';

/**
 * The dialog's fields: the title and description (the API's message), with SPEC's messages for
 * either or both missing (the server's own check), the audience (EVERYONE or a conference id) and the schedule as local
 * dates and times (the server keeps instants). An end is optional: no end date, no end.
 */
export const announcementFormSchema = z
  .object({
    title: z.string().trim().max(ANNOUNCEMENT_TITLE_MAX, `At most ${ANNOUNCEMENT_TITLE_MAX} characters.`),
    message: z.string().trim().max(ANNOUNCEMENT_MESSAGE_MAX, `At most ${ANNOUNCEMENT_MESSAGE_MAX} characters.`),
    conferenceId: z.string().min(1, 'Please choose an audience.'),
    startDate: z.string().min(1, START_REQUIRED),
    startTime: z.string().min(1, 'Please enter a start time.'),
    endDate: z.string(),
    endTime: z.string(),
  })
  .superRefine(requireTexts(), ON_ANY_OBJECT)
  .refine((value) => !value.endDate || !value.startDate || instantOf(value.endDate, value.endTime || '23:59') > instantOf(value.startDate, value.startTime || '00:00'), {
    message: END_AFTER_START,
    path: ['endDate'],
  });
export type AnnouncementFormValues = z.input<typeof announcementFormSchema>;

/** A local date ('YYYY-MM-DD') and time ('HH:mm') as an ISO instant. */
export function instantOf(date: string, time: string): string {
  return new Date(`${date}T${time}`).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the local date and time the pickers show. */
export function localParts(iso: string): { date: string; time: string } {
  const at = new Date(iso);
  return { date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`, time: `${pad(at.getHours())}:${pad(at.getMinutes())}` };
}

export function formValuesOf(existing: AnnouncementRecord | undefined, now = new Date()): AnnouncementFormValues {
  const start = localParts(existing?.startsAt ?? now.toISOString());
  const end = existing?.endsAt ? localParts(existing.endsAt) : { date: '', time: '' };
  return { title: existing?.title ?? '', message: existing?.message ?? '', conferenceId: existing ? (existing.conference?.id ?? EVERYONE) : '', startDate: start.date, startTime: start.time, endDate: end.date, endTime: end.time };
}

/** What the API takes for the checked values (an end date without a time ends at the end of that minute-day: 23:59). */
export function apiFieldsOf(values: z.output<typeof announcementFormSchema>) {
  return {
    title: values.title,
    message: values.message,
    conferenceId: values.conferenceId === EVERYONE ? null : values.conferenceId,
    startsAt: instantOf(values.startDate, values.startTime),
    endsAt: values.endDate ? instantOf(values.endDate, values.endTime || '23:59') : null,
  };
}

/** Server messages the form shows under a field; the rest (startsAt, endsAt, 403, 409) go to the banner. */
export const isAnnouncementFormField = (path: string) => path === 'title' || path === 'message' || path === 'conferenceId';

/** "Scheduled", "Active", "Ended" with the badge tone each reads as. */
export const STATUS_TONES = { Scheduled: 'info', Active: 'success', Ended: 'neutral' } as const;
