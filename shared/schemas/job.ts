import * as z from 'zod';

/**
 * A background job (ARCHITECTURE.md section 5): work bigger than one transaction or one
 * request (moving a location, refreshing many copies of a name, bulk creates ...). The
 * person who started it follows its progress; its results are hidden until it succeeds.
 */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobSchema = z.object({
  id: z.string(),
  /** What the job does, for example `location.move`. */
  kind: z.string(),
  /** One line for the person who started it: 'Moving Grace Church to North District'. */
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  done: z.number().int().nonnegative(),
  /** Unknown (null) until the job has counted its work. */
  total: z.number().int().nonnegative().nullable(),
  /** What the job produced, once succeeded (kind-specific). */
  result: z.unknown().optional(),
  /** Why it failed, in words for a user. */
  error: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobView = z.infer<typeof jobSchema>;

/** What a route that starts a job answers (202): follow it with `GET /api/job/{id}`. */
export const jobStartedSchema = z.object({ jobId: z.string() });
