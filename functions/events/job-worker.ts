import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { runJobStep } from '../db/jobs';
import { jobKinds } from '../core/jobs/job-kinds';
import { annotateRoute, traceRequest } from '../lib/tracing';
import { runnableJobOf } from './job-records';
import { sweepJobs } from './job-sweepers';
import { handleStreamBatch } from './stream-batch';
import { isSweepEvent, type SweepEvent, type SweepReport } from './sweep-run';

/**
 * The job worker Lambda's entry (ARCHITECTURE.md section 5): every background job's steps run
 * here, so the outbox worker bundles no job code (functions/core/jobs/job-kinds.ts). Two triggers:
 * - the table's stream, through its own event source mapping and filter (./stream-routing.ts,
 *   JOB_WORKER_FILTER: a job queued, or running with its lease given back): each runnable job gets
 *   its next step (functions/db/jobs.ts `runJobStep`, one bounded chunk under a lease), whose saved
 *   item is the record that brings the step after; the same ReportBatchItemFailures and time
 *   reserve as the outbox worker (./stream-batch.ts);
 * - the scheduled sweep (`{ "source": "formation.sweep" }`): the job sweepers (./job-sweepers.ts),
 *   the backstop for steps the stream did not run, and the job-stall metric.
 * A job leased by another run (`busy`) is not a failure: that run finishes the step.
 */
export { JOB_SWEEPERS, sweepJobs } from './job-sweepers';

async function handleRecord(record: DynamoDBRecord): Promise<void> {
  const jobId = runnableJobOf(record);
  if (jobId) await runJobStep(jobId, jobKinds);
}

export async function handler(event: SweepEvent, context?: Context): Promise<SweepReport>;
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse>;
export async function handler(event: DynamoDBStreamEvent | SweepEvent, context?: Context): Promise<DynamoDBBatchResponse | SweepReport> {
  return traceRequest('job-worker', async () => {
    // No secret to read: job steps write outbox items; the outbox worker renders and signs what it sends.
    if (isSweepEvent(event)) {
      annotateRoute('sweep');
      return sweepJobs();
    }
    annotateRoute('stream');
    return handleStreamBatch(event, context, handleRecord);
  });
}
