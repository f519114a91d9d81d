import * as z from 'zod';
import { idOf } from '../api/id-list';

/** SPEC.md section 9: track name and description at least 2 characters. */
export const TRACK_TEXT_MIN = 2;
export const TRACK_NAME_MAX = 120;
export const TRACK_DESCRIPTION_MAX = 2000;

/** The conference id that means "no conference" (a system track) in paths and filters (SPEC.md section 2). */
export const NO_CONFERENCE_ID = '0';

/** Track names (SPEC.md section 5): required, trimmed, at least 2 characters. */
export const trackNameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, { error: 'Name is required.', abort: true })
  .min(TRACK_TEXT_MIN, `Name must be at least ${TRACK_TEXT_MIN} characters.`)
  .max(TRACK_NAME_MAX, `Name must be at most ${TRACK_NAME_MAX} characters.`);

export const trackDescriptionSchema = z
  .string({ error: 'Description is required.' })
  .trim()
  .min(1, { error: 'Description is required.', abort: true })
  .min(TRACK_TEXT_MIN, `Description must be at least ${TRACK_TEXT_MIN} characters.`)
  .max(TRACK_DESCRIPTION_MAX, `Description must be at most ${TRACK_DESCRIPTION_MAX} characters.`);

/**
 * Reminders and escalation (issue 13): a step Ready, Resubmit or PendingReview for `reminderDays` reminds
 * whoever must act; an Overdue step goes up a level (district, then conference) every
 * `escalationDays`. Absent on a template: the defaults.
 */
export const TRACK_PERIOD_DAYS_MIN = 1;
export const TRACK_PERIOD_DAYS_MAX = 90;
export const DEFAULT_REMINDER_DAYS = 7;
export const DEFAULT_ESCALATION_DAYS = 7;
export const REMINDER_DAYS_MESSAGE = `Remind after (days) must be a whole number from ${TRACK_PERIOD_DAYS_MIN} to ${TRACK_PERIOD_DAYS_MAX}.`;
export const ESCALATION_DAYS_MESSAGE = `Escalate after (days) must be a whole number from ${TRACK_PERIOD_DAYS_MIN} to ${TRACK_PERIOD_DAYS_MAX}.`;
const periodDays = (message: string) => z.number({ error: message }).int(message).min(TRACK_PERIOD_DAYS_MIN, message).max(TRACK_PERIOD_DAYS_MAX, message);
export const reminderDaysSchema = periodDays(REMINDER_DAYS_MESSAGE);
export const escalationDaysSchema = periodDays(ESCALATION_DAYS_MESSAGE);

/** A conference id, or '0' for a system track. */
export const trackConferenceIdSchema = idOf('Conference is required.');

/** Create Track (SPEC.md section 5): conference, name and description. */
export const trackInputSchema = z.object({ name: trackNameSchema, description: trackDescriptionSchema, conferenceId: trackConferenceIdSchema });
export type TrackInput = z.infer<typeof trackInputSchema>;

/** Copy from Existing (SPEC.md section 5): a system track, a conference, name and description. */
export const trackCopyFormSchema = z.object({
  sourceTrackTemplateId: idOf('Track is required.'),
  conferenceId: trackConferenceIdSchema,
  name: trackNameSchema,
  description: trackDescriptionSchema,
});
export type TrackCopyForm = z.infer<typeof trackCopyFormSchema>;

/** Import from Existing (SPEC.md section 5): the source conference and track, the target conference, name and description. */
export const trackImportFormSchema = trackCopyFormSchema.extend({ sourceConferenceId: idOf('Conference is required.') });
export type TrackImportForm = z.infer<typeof trackImportFormSchema>;

/** Import Phase (SPEC.md sections 2 and 5): Conference (or '0', System), then Track Template, then Phase; each 'Required'. */
export const phaseImportFormSchema = z.object({ conferenceId: idOf('Required'), trackTemplateId: idOf('Required'), phaseId: idOf('Required') });
export type PhaseImportForm = z.infer<typeof phaseImportFormSchema>;

/** One track template as the list and the header show it. */
export const trackTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Absent (null) for a system track. */
  conference: z.object({ id: z.string(), name: z.string() }).nullable(),
  disabled: z.boolean(),
  originTrackTemplateId: z.string().nullable(),
  /** Enrolments: delete only when 0. */
  instanceCount: z.number().int(),
  copyCount: z.number().int(),
  /** Days a step may wait Ready, Resubmit or PendingReview before a reminder, and Overdue before it goes up a level. */
  reminderDays: z.number().int().default(DEFAULT_REMINDER_DAYS),
  escalationDays: z.number().int().default(DEFAULT_ESCALATION_DAYS),
  /** Optimistic concurrency: send it back with an update; a stale one gets 409. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type TrackTemplateView = z.infer<typeof trackTemplateSchema>;

/** A phase as the editor's outline shows it. */
export const phaseSchema = z.object({
  id: z.string(),
  trackTemplateId: z.string(),
  name: z.string(),
  description: z.string(),
  order: z.number().int(),
  originPhaseId: z.string().nullable(),
  version: z.number().int(),
});
export type PhaseView = z.infer<typeof phaseSchema>;

/** A step's header in the outline (its contents and actions are the step's own read). */
export const stepHeaderSchema = z.object({
  id: z.string(),
  phaseId: z.string(),
  name: z.string(),
  required: z.boolean(),
  inactive: z.boolean(),
  prerequisites: z.array(z.string()),
  originStepTemplateId: z.string().nullable(),
  version: z.number().int(),
});
export type StepHeaderView = z.infer<typeof stepHeaderSchema>;

/**
 * The editor's outline: the template, its phases in order and their step headers, read in
 * one Query of the template's collection. `canEdit` is the server's answer for this caller
 * (SPEC.md section 6: system tracks only by superadmins).
 */
export const trackOutlineSchema = trackTemplateSchema.extend({
  phases: z.array(phaseSchema.extend({ steps: z.array(stepHeaderSchema) })),
  canEdit: z.boolean(),
});
export type TrackOutline = z.infer<typeof trackOutlineSchema>;

/** Phase names (SPEC.md section 5): 'Name is required.' */
export const phaseNameSchema = z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(TRACK_NAME_MAX, `Name must be at most ${TRACK_NAME_MAX} characters.`);
export const phaseDescriptionSchema = z.string().trim().max(TRACK_DESCRIPTION_MAX, `Description must be at most ${TRACK_DESCRIPTION_MAX} characters.`);
export const phaseInputSchema = z.object({ name: phaseNameSchema, description: phaseDescriptionSchema.default('') });

export const PHASE_DIRECTIONS = ['LEFT', 'RIGHT'] as const;
