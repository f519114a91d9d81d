import * as z from 'zod';
import { ID_MAX_LENGTH } from '../api/id-list';

/**
 * An announcement has a title and a description (its `message`, SPEC.md section 3): plain text
 * of a few sentences, which the shell dialog lists under the title.
 */
export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_MESSAGE_MAX = 1000;
/** The shell dialog shows at most this many announcements that apply to the caller. */
export const CURRENT_ANNOUNCEMENTS_MAX = 20;

/** SPEC.md section 5: a missing title, description, or both. */
export const TITLE_REQUIRED = 'Please enter a title.';
export const DESCRIPTION_REQUIRED = 'Please enter a description.';
export const TITLE_AND_DESCRIPTION_REQUIRED = 'Please enter a title and description.';
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

/** A text of at most `max` characters; whether it may be missing is requireTexts'. */
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional();

type Texts = { title?: unknown; message?: unknown };
const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * SPEC's message for the title and description given (`only`: the keys a change carries; a
 * create carries both): both missing is one message, under the title.
 */
export function missingTextsIssue(value: Texts, only: ReadonlyArray<keyof Texts> = ['title', 'message']): { path: 'title' | 'message'; message: string } | null {
  const missing = only.filter((key) => isBlank(value[key]));
  if (missing.length === 2) return { path: 'title', message: TITLE_AND_DESCRIPTION_REQUIRED };
  if (missing[0] === 'title') return { path: 'title', message: TITLE_REQUIRED };
  if (missing[0] === 'message') return { path: 'message', message: DESCRIPTION_REQUIRED };
  return null;
}

/** Texts are checked whatever else is wrong with the object (an invalid start does not hide a missing title). */
export const ON_ANY_OBJECT = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/** Checks a create's (or with `changing`, a change's) title and description with SPEC's messages. */
export const requireTexts =
  (changing = false) =>
  (value: Texts, context: z.RefinementCtx) => {
    const issue = missingTextsIssue(value, changing ? (['title', 'message'] as const).filter((key) => value[key] !== undefined) : undefined);
    if (issue) context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  };

const fields = {
  title: text(ANNOUNCEMENT_TITLE_MAX),
  message: text(ANNOUNCEMENT_MESSAGE_MAX),
  conferenceId: conferenceIdSchema,
  startsAt: instant(START_REQUIRED),
  endsAt: instant('Invalid date.').nullish().transform((value) => value ?? null),
};

const endAfterStart = (value: { startsAt?: string; endsAt?: string | null }) => !value.startsAt || !value.endsAt || value.endsAt > value.startsAt;

/** Create: every field (conference absent means everyone); title and description with SPEC's messages. */
export const announcementInputSchema = z
  .object(fields)
  .superRefine(requireTexts(), ON_ANY_OBJECT)
  .refine(endAfterStart, { message: END_AFTER_START, path: ['endsAt'] });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

/**
 * Edit: any fields, on the version read; `endsAt: null` removes the end, `conferenceId: null` makes it
 * everyone's. A title or description sent may not be empty (one from before titles keeps none until given).
 */
export const announcementPatchSchema = z
  .object({ ...fields, version: z.number({ error: 'version is required' }).int() })
  .partial({ conferenceId: true, startsAt: true, endsAt: true })
  .superRefine(requireTexts(true), ON_ANY_OBJECT)
  .refine(endAfterStart, { message: END_AFTER_START, path: ['endsAt'] });
export type AnnouncementPatch = z.input<typeof announcementPatchSchema>;

/** An announcement as the Announcements tab shows it. */
export const announcementRecordSchema = z.object({
  id: z.string(),
  /** '' for one written before announcements had titles. */
  title: z.string(),
  /** The description. */
  message: z.string(),
  /** Absent: everyone. */
  conference: z.object({ id: z.string(), name: z.string() }).nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  version: z.number().int(),
});
export type AnnouncementRecord = z.infer<typeof announcementRecordSchema>;
