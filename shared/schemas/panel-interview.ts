import * as z from 'zod';
import { idOf, idSchema } from '../api/id-list';

/**
 * Panel interviews (issue 26, item 3): the chair of a committee vote's group proposes times for
 * the candidate's interview, the members and the candidate mark the ones they can attend, and the
 * chair confirms one with a place or a video link. Everyone invited gets an in-app notification
 * and an email with an iCalendar invitation; a reminder goes the day before. Rescheduling and
 * cancelling send updates under the same calendar UID. Times are entered and shown in the
 * conference's time zone; the server stores instants (ISO, UTC).
 */
export const INTERVIEW_SLOTS_MAX = 8;
export const INTERVIEW_MINUTES_MIN = 15;
export const INTERVIEW_MINUTES_MAX = 480;
export const INTERVIEW_PLACE_MAX = 300;
export const VIDEO_LINK_MAX = 500;
export const CANCEL_REASON_MAX = 500;

export const INTERVIEW_STATUSES = ['proposed', 'confirmed', 'cancelled'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];

export const INTERVIEW_MESSAGES = {
  onlyChair: 'Only the committee chair can schedule the interview.',
  notInvited: 'Only the panel and the candidate mark their availability.',
  noInterview: 'No interview times have been proposed yet.',
  cancelled: 'The interview was cancelled. Propose new times to schedule it again.',
  voteClosed: 'The committee vote is closed: the interview can no longer be scheduled.',
  unknownSlot: 'Choose one of the proposed times.',
  slotsInFuture: 'Proposed times must be in the future.',
  placeOrLink: 'Give a place or a video link.',
  distinctSlots: 'Each proposed time must be different.',
} as const;

const version = z.number({ error: 'version is required' }).int().min(1);

/** A wall-clock time in the conference's zone, as a date and time field gives it ('2026-12-14T15:00'). */
export const localDateTimeSchema = z
  .string({ error: 'A date and time are required.' })
  .max(16, 'Enter a date and time.')
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Enter a date and time.');

export const slotInputSchema = z.object({
  start: localDateTimeSchema,
  minutes: z
    .number({ error: 'Length is required.' })
    .int(`Length must be ${INTERVIEW_MINUTES_MIN} to ${INTERVIEW_MINUTES_MAX} minutes.`)
    .min(INTERVIEW_MINUTES_MIN, `Length must be ${INTERVIEW_MINUTES_MIN} to ${INTERVIEW_MINUTES_MAX} minutes.`)
    .max(INTERVIEW_MINUTES_MAX, `Length must be ${INTERVIEW_MINUTES_MIN} to ${INTERVIEW_MINUTES_MAX} minutes.`),
});
export type SlotInput = z.infer<typeof slotInputSchema>;

/** `POST .../interview/propose`: the chair's times; `version` is the interview's when it exists. */
export const proposeSlotsSchema = z
  .object({
    slots: z.array(slotInputSchema).min(1, 'Propose at least one time.').max(INTERVIEW_SLOTS_MAX, `Propose at most ${INTERVIEW_SLOTS_MAX} times.`),
    version: version.optional(),
  })
  .refine((input) => new Set(input.slots.map((s) => s.start)).size === input.slots.length, { message: INTERVIEW_MESSAGES.distinctSlots, path: ['slots'] });
export type ProposeSlots = z.infer<typeof proposeSlotsSchema>;

/** `POST .../interview/availability`: the times the caller can attend (none is an answer too). */
export const availabilitySchema = z.object({
  slotIds: z.array(idSchema).max(INTERVIEW_SLOTS_MAX, `At most ${INTERVIEW_SLOTS_MAX} times.`).transform((ids) => [...new Set(ids)]),
});
export type AvailabilityInput = z.infer<typeof availabilitySchema>;

const httpsLink = z
  .string()
  .trim()
  .max(VIDEO_LINK_MAX, `A link must be at most ${VIDEO_LINK_MAX} characters.`)
  .refine((link) => !link || /^https:\/\/[^\s]+$/i.test(link), 'A video link must start with https://.');

/** `POST .../interview/confirm`: the chair picks one time with a place or a video link, on the interview's version. */
export const confirmInterviewSchema = z
  .object({
    slotId: idOf(INTERVIEW_MESSAGES.unknownSlot),
    place: z.string().trim().max(INTERVIEW_PLACE_MAX, `A place must be at most ${INTERVIEW_PLACE_MAX} characters.`).default(''),
    videoLink: httpsLink.default(''),
    version,
  })
  .refine((input) => Boolean(input.place || input.videoLink), { message: INTERVIEW_MESSAGES.placeOrLink, path: ['place'] });
export type ConfirmInterview = z.infer<typeof confirmInterviewSchema>;

/** `POST .../interview/cancel`: the chair cancels with a reason everyone invited reads. */
export const cancelInterviewSchema = z.object({
  reason: z.string({ error: 'A reason is required.' }).trim().min(1, 'A reason is required.').max(CANCEL_REASON_MAX, `A reason must be at most ${CANCEL_REASON_MAX} characters.`),
  version,
});
export type CancelInterview = z.infer<typeof cancelInterviewSchema>;

const personSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const slotViewSchema = z.object({
  id: z.string(),
  /** ISO instants (UTC); the page shows them in `timeZone`. */
  start: z.string(),
  end: z.string(),
  /** The caller marked it. */
  mine: z.boolean(),
  /** Who can attend: for the panel and those who oversee the enrolment; null for the candidate. */
  available: z.array(personSchema).nullable(),
});
export type SlotView = z.infer<typeof slotViewSchema>;

export const interviewViewSchema = z.object({
  status: z.enum(INTERVIEW_STATUSES),
  slots: z.array(slotViewSchema),
  confirmed: z.object({ slotId: z.string(), start: z.string(), end: z.string(), place: z.string(), videoLink: z.string() }).nullable(),
  cancelReason: z.string().optional(),
  /** Who answered so far, of how many invited (the panel and the candidate); null for the candidate. */
  answered: z.number().int().nullable(),
  invited: z.number().int().nullable(),
  /** The people who have not answered yet: for the chair only. */
  waitingFor: z.array(personSchema).nullable(),
  /** Version of the interview: confirm and cancel are conditioned on it. */
  version: z.number().int(),
});
export type InterviewView = z.infer<typeof interviewViewSchema>;

/** `GET .../interview`: the interview (null before the chair proposes times) and what the caller may do. */
export const interviewPageSchema = z.object({
  interview: interviewViewSchema.nullable(),
  /** The conference's IANA time zone: times are entered and shown in it. */
  timeZone: z.string(),
  isChair: z.boolean(),
  /** A panel member or the candidate, while the interview is being scheduled. */
  canMark: z.boolean(),
  /** Whether the interview may be scheduled at all (the vote not closed, the enrolment open). */
  schedulable: z.boolean(),
});
export type InterviewPage = z.infer<typeof interviewPageSchema>;
