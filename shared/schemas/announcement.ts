import * as z from 'zod';
import { ID_MAX_LENGTH } from '../api/id-list';

/** A message is plain text of a few sentences (the shell dialog lists each one). */
export const ANNOUNCEMENT_MESSAGE_MAX = 1000;
/** The shell dialog shows at most this many announcements that apply to the caller. */
export const CURRENT_ANNOUNCEMENTS_MAX = 20;

export const MESSAGE_REQUIRED = 'Message is required.';
export const START_REQUIRED = 'Please enter a start date to continue.';
export const END_AFTER_START = 'The end must be after the start.';

export const ANNOUNCEMENT_STATUSES = ['Scheduled', 'Active', 'Ended'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/** Where an announcement stands at `now` (ISO times compare as text). */
export function announcementStatus(item: { startsAt: string; endsAt?: string | null }, now: string): AnnouncementStatus {
  if (item.startsAt > now) return 'Scheduled';
  return item.endsAt && item.endsAt <= now ? 'Ended' : 'Active';
}

/** An ISO date and time with its offset (bounded before it is parsed), kept in UTC. */
const instant = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .max(40, 'Invalid date.')
    .pipe(z.iso.datetime({ offset: true, error: 'Invalid date.' }).max(40))
    .transform((text) => new Date(text).toISOString());

/** The audience: a conference id, or absent / null for everyone (superadmins only). */
const conferenceIdSchema = z.string().trim().max(ID_MAX_LENGTH, `At most ${ID_MAX_LENGTH} characters.`).nullish().transform((id) => id || null);

const fields = {
  message: z.string({ error: MESSAGE_REQUIRED }).trim().min(1, MESSAGE_REQUIRED).max(ANNOUNCEMENT_MESSAGE_MAX, `At most ${ANNOUNCEMENT_MESSAGE_MAX} characters.`),
  conferenceId: conferenceIdSchema,
  startsAt: instant(START_REQUIRED),
  endsAt: instant('Invalid date.').nullish().transform((value) => value ?? null),
};

const endAfterStart = (value: { startsAt?: string; endsAt?: string | null }) => !value.startsAt || !value.endsAt || value.endsAt > value.startsAt;

/** Create: every field (conference absent means everyone). */
export const announcementInputSchema = z.object(fields).refine(endAfterStart, { message: END_AFTER_START, path: ['endsAt'] });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

/** Edit: any fields, on the version read; `endsAt: null` removes the end, `conferenceId: null` makes it everyone's. */
export const announcementPatchSchema = z
  .object({ ...fields, version: z.number({ error: 'version is required' }).int() })
  .partial({ message: true, conferenceId: true, startsAt: true, endsAt: true })
  .refine(endAfterStart, { message: END_AFTER_START, path: ['endsAt'] });
export type AnnouncementPatch = z.input<typeof announcementPatchSchema>;

/** An announcement as the Announcements tab shows it. */
export const announcementRecordSchema = z.object({
  id: z.string(),
  message: z.string(),
  /** Absent: everyone. */
  conference: z.object({ id: z.string(), name: z.string() }).nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  version: z.number().int(),
});
export type AnnouncementRecord = z.infer<typeof announcementRecordSchema>;
