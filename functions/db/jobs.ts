import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type { JobStatus } from '../../shared/schemas/job';
import type { job } from './entities/job';
import { newId } from './ids';
import { db } from './service';
import type { TransactionWrite } from './transact';
import { isConditionFailure } from './versioned';

/**
 * Background jobs (ARCHITECTURE.md section 5). A job is created in the same transaction as
 * the write that needs it (`newJob`), so the work is never lost; `runJobStep` does one
 * bounded, idempotent chunk under a lease and saves the cursor and progress. The job's own
 * stream record starts the next step; the sweeper restarts jobs whose lease lapsed.
 */
export type JobItem = EntityItem<typeof job>;

export interface StepResult {
  /** Where the next step starts; undefined with `finished`. */
  cursor?: unknown;
  /** Units of work completed by this step (added to `done`). */
  done: number;
  /** The whole job's units, once known. */
  total?: number;
  finished?: boolean;
  result?: unknown;
}

export interface JobKind<Input = any> {
  /** One bounded chunk of work from `job.cursor`; must be safe to repeat after a crash. */
  step(job: JobItem & { input: Input }): Promise<StepResult>;
}

/** A job failure whose message a user may read (anything else shows a generic text). */
export class JobFailure extends Error {}

const LEASE_MS = 120_000;
/** Finished jobs are kept a week for their owners to look at, then expire. */
const RETENTION_SECONDS = 7 * 24 * 3600;

export interface NewJob {
  kind: string;
  ownerId: string;
  title: string;
  input: unknown;
  total?: number;
  /** Deterministic id (source and purpose), so re-running the write that starts it cannot start two. */
  jobId?: string;
}

/** The job item as a transaction write, plus its id. */
export function newJob(spec: NewJob): { jobId: string; write: TransactionWrite } {
  const jobId = spec.jobId ?? newId();
  const item = { jobId, kind: spec.kind, ownerId: spec.ownerId, title: spec.title, input: spec.input, status: 'queued' as const, done: 0, total: spec.total, steps: 0 };
  return { jobId, write: (tx) => tx.job.create(item).commit() };
}

export async function getJob(jobId: string): Promise<JobItem | null> {
  const { data } = await db().entities.job.get({ jobId }).go({ consistent: true });
  return data ?? null;
}

/** Test seam: throws after the chunk's work and before its progress is saved (a crash mid-step). */
export const jobFaults: { failAfterWork?: boolean } = {};

/**
 * Runs the next step of a job if it is unfinished and nobody else is running it. Returns the
 * job after the step ('busy' when leased by another run, null when missing or finished).
 */
export async function runJobStep(jobId: string, kinds: Record<string, JobKind>): Promise<JobItem | 'busy' | null> {
  const owner = randomUUID();
  const now = Date.now();
  let leased: JobItem;
  try {
    const { data } = await db()
      .entities.job.patch({ jobId })
      .set({ status: 'running', leaseOwner: owner, leaseUntil: now + LEASE_MS })
      .where(
        (attributes, operations) =>
          `(${operations.eq(attributes.status, 'queued')} OR ${operations.eq(attributes.status, 'running')}) AND (${operations.notExists(attributes.leaseUntil)} OR ${operations.lt(attributes.leaseUntil, now)})`,
      )
      .go({ response: 'all_new' });
    leased = data as JobItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const current = await getJob(jobId);
    return current && (current.status === 'queued' || current.status === 'running') ? 'busy' : null;
  }

  const kind = kinds[leased.kind];
  let outcome: StepResult;
  try {
    if (!kind) throw new JobFailure(`Unknown job kind ${leased.kind}`);
    outcome = await kind.step(leased);
  } catch (error) {
    if (!(error instanceof JobFailure)) {
      // Transient (throttling, a lost race): give the lease back; the next run repeats the chunk.
      await saveStep(jobId, owner, { leaseUntil: 0 }).catch(() => undefined);
      throw error;
    }
    return saveStep(jobId, owner, { status: 'failed', error: error.message, leaseUntil: 0, ttl: expiry() });
  }
  if (jobFaults.failAfterWork) throw new Error('Injected job fault after the work of a step');
  const finished = Boolean(outcome.finished);
  return saveStep(jobId, owner, {
    status: finished ? 'succeeded' : 'running',
    done: leased.done + outcome.done,
    ...(outcome.total !== undefined ? { total: outcome.total } : {}),
    ...(finished ? { result: outcome.result ?? null, ttl: expiry() } : { cursor: outcome.cursor ?? null }),
    steps: leased.steps + 1,
    leaseUntil: 0,
  });
}

function expiry(): number {
  return Math.floor(Date.now() / 1000) + RETENTION_SECONDS;
}

async function saveStep(jobId: string, owner: string, changes: Partial<JobItem> & { status?: JobStatus }): Promise<JobItem> {
  const { data } = await db()
    .entities.job.patch({ jobId })
    .set(changes as never)
    .add({ version: 1 })
    .where((attributes, operations) => operations.eq(attributes.leaseOwner, owner))
    .go({ response: 'all_new' });
  return data as JobItem;
}

/** Runs a job to its end in this process (tests, the local runtime's catch-up, small jobs). */
export async function runJobToEnd(jobId: string, kinds: Record<string, JobKind>, maxSteps = 10_000): Promise<JobItem | null> {
  for (let steps = 0; steps < maxSteps; steps++) {
    const outcome = await runJobStep(jobId, kinds);
    if (outcome === 'busy') return getJob(jobId);
    if (!outcome || outcome.status === 'succeeded' || outcome.status === 'failed') return outcome ?? getJob(jobId);
  }
  throw new Error(`Job ${jobId} did not finish in ${maxSteps} steps`);
}

/** Unfinished jobs whose lease is free or lapsed (a crashed step), oldest first: the sweeper restarts them. */
export async function stalledJobs(limit = 50): Promise<string[]> {
  const now = Date.now();
  const ids: string[] = [];
  for (const status of ['queued', 'running'] as const) {
    const { data } = await db().entities.job.query.byStatus({ status }).go({ limit });
    ids.push(...data.filter((item) => !item.leaseUntil || item.leaseUntil < now).map((item) => item.jobId));
  }
  return ids;
}
