import * as z from 'zod';

/**
 * Retention schedules and legal holds (issue 25, item 3): what a conference keeps and for how
 * long, shared by the server, the Retention tab and the profile's hold control.
 */

/** The kinds of closed record a period applies to: an enrolment by how it ended, and a person left inactive without enrolments. */
export const RETENTION_OUTCOMES = ['withdrawn', 'discontinued', 'completed', 'inactivePerson'] as const;
export type RetentionOutcome = (typeof RETENTION_OUTCOMES)[number];

export const RETENTION_OUTCOME_LABELS: Record<RetentionOutcome, string> = {
  withdrawn: 'Withdrawn enrolments',
  discontinued: 'Discontinued enrolments',
  completed: 'Completed enrolments',
  inactivePerson: 'Inactive people without enrolments',
};

/** The periods in force while a conference has saved none (years after closing, or after deactivation). */
export const DEFAULT_RETENTION_YEARS: Readonly<Record<RetentionOutcome, number>> = { withdrawn: 10, discontinued: 10, completed: 50, inactivePerson: 7 };

export const RETENTION_YEARS_MIN = 1;
export const RETENTION_YEARS_MAX = 100;
export const RETENTION_YEARS_MESSAGE = `A period is a whole number of years from ${RETENTION_YEARS_MIN} to ${RETENTION_YEARS_MAX}.`;

const years = z
  .number({ error: RETENTION_YEARS_MESSAGE })
  .int({ error: RETENTION_YEARS_MESSAGE })
  .min(RETENTION_YEARS_MIN, { error: RETENTION_YEARS_MESSAGE })
  .max(RETENTION_YEARS_MAX, { error: RETENTION_YEARS_MESSAGE });

export const retentionPeriodsSchema = z.object({ withdrawn: years, discontinued: years, completed: years, inactivePerson: years });
export type RetentionPeriods = z.infer<typeof retentionPeriodsSchema>;

/** A conference's policy: the periods, and `version` 0 while the defaults stand (nothing saved). */
export const retentionPolicySchema = z.object({ conferenceId: z.string(), periods: retentionPeriodsSchema, version: z.number().int(), updatedAt: z.string().optional() });
export type RetentionPolicyView = z.infer<typeof retentionPolicySchema>;

export const retentionPolicyUpdateSchema = z.object({ periods: retentionPeriodsSchema, version: z.number().int().min(0) });

/** Records a legal hold can be placed on: a person, or an enrolment (track instance). */
export const HOLD_RECORD_KINDS = ['User', 'TrackInstance'] as const;
export type HoldRecordKind = (typeof HOLD_RECORD_KINDS)[number];

export const HOLD_REASON_MAX = 500;
export const HOLD_REASON_MESSAGE = `Give the reason for the hold (at most ${HOLD_REASON_MAX} characters).`;

export const holdPlaceSchema = z.object({
  reason: z.string({ error: HOLD_REASON_MESSAGE }).trim().min(1, { error: HOLD_REASON_MESSAGE }).max(HOLD_REASON_MAX, { error: HOLD_REASON_MESSAGE }),
  /** The hold's version when placing it again after it was lifted (0: never held). */
  version: z.number().int().min(0).default(0),
});

export const legalHoldSchema = z.object({
  recordKind: z.enum(HOLD_RECORD_KINDS),
  recordId: z.string(),
  conferenceId: z.string(),
  subject: z.string(),
  reason: z.string(),
  active: z.boolean(),
  placedBy: z.string(),
  placedByName: z.string().optional(),
  placedAt: z.string(),
  liftedAt: z.string().optional(),
  version: z.number().int(),
});
export type LegalHoldView = z.infer<typeof legalHoldSchema>;

/** One record the next purge would remove. */
export const retentionDueSchema = z.object({
  recordKind: z.enum(HOLD_RECORD_KINDS),
  recordId: z.string(),
  outcome: z.enum(RETENTION_OUTCOMES),
  subject: z.string(),
  closedAt: z.string(),
  dueAt: z.string(),
});
export type RetentionDueView = z.infer<typeof retentionDueSchema>;

/** Rows of a preview or hold list page, at most (and by default). */
export const RETENTION_PAGE_MAX = 50;
