import * as z from 'zod';
import { STEP_STATUSES, TRACK_INSTANCE_STATUSES } from '../tracks/statuses';
import { idSchema } from '../api/id-list';

/**
 * The registrar's dashboard (issue 27): the figures of one place the viewer governs (the
 * organisation, a jurisdiction, an episcopal area, a conference or a district), read from counters
 * the projectors keep, never from the enrolments themselves (docs/data-model.md "Dashboards").
 */

/** "Waiting more than N days": the thresholds the dashboard reports. */
export const WAITING_THRESHOLDS_DAYS = [7, 14, 30, 60, 90] as const;
/** Months of trends, this one included. */
export const TREND_MONTHS = 12;
/** People listed under workload, most open items first. */
export const WORKLOAD_MAX = 25;
/** Steps listed under "who is stuck", longest waiting first; also a page of the waiting list. */
export const STUCK_MAX = 25;
/** The statuses of a step someone must act on, as the waiting figures and list count them. */
export const WAITING_STEP_STATUSES = ['Ready', 'Resubmit', 'PendingReview', 'Overdue'] as const;
/** Longest wait the list filters by (ten years). */
export const WAITING_DAYS_MAX = 3650;

const count = z.number().int().min(0);
const byTrackStatus = z.object(Object.fromEntries(TRACK_INSTANCE_STATUSES.map((status) => [status, count])) as Record<(typeof TRACK_INSTANCE_STATUSES)[number], typeof count>);
const byStepStatus = z.object(Object.fromEntries(STEP_STATUSES.map((status) => [status, count])) as Record<(typeof STEP_STATUSES)[number], typeof count>);

export const dashboardScopeSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['System', 'Jurisdiction', 'EpiscopalArea', 'Conference', 'District']),
});

const stuckStepSchema = z.object({
  trackInstanceId: z.string(),
  stepInstanceId: z.string(),
  trackTemplateId: z.string(),
  trackName: z.string(),
  stepName: z.string(),
  participant: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(STEP_STATUSES),
  since: z.string(),
  waitsOn: z.array(z.object({ kind: z.enum(['participant', 'person', 'role', 'committee']), id: z.string(), name: z.string() })),
});

export const dashboardSchema = z.object({
  scope: dashboardScopeSchema,
  enrolments: z.object({
    byStatus: byTrackStatus,
    tracks: z.array(
      z.object({
        trackTemplateId: z.string(),
        name: z.string(),
        byStatus: byTrackStatus,
        /** Open enrolments by their current phase, in the track's order. */
        phases: z.array(z.object({ phaseId: z.string(), name: z.string(), order: z.number().int(), open: count })),
      }),
    ),
  }),
  steps: z.object({
    /** Steps of Open enrolments by status. */
    byStatus: byStepStatus,
    /** Steps someone must act on (Ready, Resubmit, Pending Review, Overdue) waiting more than each threshold. */
    waiting: z.array(z.object({ days: z.number().int(), count })),
  }),
  /**
   * The longest-waiting steps (Ready, Resubmit, Pending Review, Overdue), oldest first, each with
   * whom it waits on: the participant, assignees by name, a role nobody holds on the enrolment, or
   * the committee whose vote it needs.
   */
  stuck: z.array(stuckStepSchema),
  /** Open items (waiting steps) each assignee is responsible for, most first. */
  workload: z.array(z.object({ userId: z.string(), name: z.string(), openItems: count })),
  /** Per month, oldest first: enrolments made, and enrolments that ended in each way. */
  trends: z.array(z.object({ month: z.string(), enrolled: count, Completed: count, Withdrawn: count, Discontinued: count })),
});

export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardScope = z.infer<typeof dashboardScopeSchema>;
export type StuckStep = Dashboard['stuck'][number];

/**
 * The waiting list behind the figures (/dashboard/{scopeId}/waiting): a place's waiting steps,
 * longest first, narrowed to a status, to those waiting more than some days, or to those waiting
 * on one person. `cursor`: where the next page starts (the last step looked at).
 */
export const waitingQuerySchema = z.object({
  status: z.enum(WAITING_STEP_STATUSES, `status is one of ${WAITING_STEP_STATUSES.join(', ')}`).optional(),
  olderThanDays: z.coerce
    .number({ error: 'olderThanDays must be a number' })
    .int('olderThanDays must be a whole number')
    .min(1, 'olderThanDays must be at least 1')
    .max(WAITING_DAYS_MAX, `olderThanDays must be at most ${WAITING_DAYS_MAX}`)
    .optional(),
  userId: idSchema.optional(),
  cursor: z.string().max(200, 'Invalid cursor.').optional(),
});
export type WaitingQuery = z.infer<typeof waitingQuerySchema>;

export const waitingPageSchema = z.object({
  scope: dashboardScopeSchema,
  /** The person filtered by, named (unknown ids read as 'Unknown person'). */
  person: z.object({ id: z.string(), name: z.string() }).optional(),
  data: z.array(stuckStepSchema),
  /** More steps may match after this page (a page can be short when few of the steps looked at match). */
  cursor: z.string().nullable(),
});
export type WaitingPage = z.infer<typeof waitingPageSchema>;

/**
 * The enrolments behind a dashboard's enrolment, phase and month figures
 * (/dashboard/{scopeId}/enrolments): a place's enrolments of one `status`; those made in a `month`
 * (`YYYY-MM`), or of an ended status that ended in it; or its Open enrolments in one current phase
 * of a track (`trackTemplateId` and `phaseId`, alone). Oldest first.
 */
export const enrolledQuerySchema = z
  .object({
    status: z.enum(TRACK_INSTANCE_STATUSES, `status is one of ${TRACK_INSTANCE_STATUSES.join(', ')}`).optional(),
    month: z.string().max(7, 'month is a year and month: YYYY-MM').regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month is a year and month: YYYY-MM').optional(),
    trackTemplateId: idSchema.optional(),
    phaseId: idSchema.optional(),
    cursor: z.string().max(200, 'Invalid cursor.').optional(),
  })
  .superRefine((query, context) => {
    const byPhase = query.trackTemplateId !== undefined || query.phaseId !== undefined;
    if (byPhase && (query.status || query.month)) context.addIssue({ code: 'custom', path: [query.status ? 'status' : 'month'], message: 'Give a phase alone, or a status or month.' });
    else if (!byPhase && !query.status && !query.month) context.addIssue({ code: 'custom', path: ['status'], message: 'Give a status, a month, or a track and one of its phases.' });
    else if (byPhase && !query.trackTemplateId) context.addIssue({ code: 'custom', path: ['trackTemplateId'], message: 'A phase needs its track.' });
    else if (byPhase && !query.phaseId) context.addIssue({ code: 'custom', path: ['phaseId'], message: 'Give one of the track’s phases.' });
  });
export type EnrolledQuery = z.infer<typeof enrolledQuerySchema>;

const named = z.object({ id: z.string(), name: z.string() });

export const enrolledRowSchema = z.object({
  trackInstanceId: z.string(),
  trackTemplateId: z.string(),
  trackName: z.string(),
  participant: named,
  status: z.enum(TRACK_INSTANCE_STATUSES),
  enrolledAt: z.string(),
  /** When an ended enrolment (Completed, Withdrawn, Discontinued) ended. */
  endedAt: z.string().optional(),
  /** An Open enrolment's current phase. */
  phase: named.optional(),
});
export type EnrolledRow = z.infer<typeof enrolledRowSchema>;

export const enrolledPageSchema = z.object({
  scope: dashboardScopeSchema,
  /** The track and phase filtered by, named. */
  track: named.optional(),
  phase: named.optional(),
  data: z.array(enrolledRowSchema),
  /** More enrolments may follow this page (a page can be short when few of those looked at may be shown). */
  cursor: z.string().nullable(),
});
export type EnrolledPage = z.infer<typeof enrolledPageSchema>;
