import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { getJob, newJob } from '../../../functions/db/jobs';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { transact } from '../../../functions/db/transact';
import { handler } from '../../../functions/events/job-worker';
import { RESERVE_MS } from '../../../functions/events/stream-batch';
import { SWEEP_EVENT } from '../../../functions/events/sweep-run';
import { passesJobWorkerFilter, passesOutboxWorkerFilter } from '../../../functions/events/stream-filter';

/**
 * The job worker's handler (functions/events/job-worker.ts) as its event source mapping and the
 * sweep rule call it. The kind is one no job has, so each step ends the job `failed` at once (as a
 * JobFailure does): what is checked is the worker's part, not a job's.
 */
const UNKNOWN_KIND = 'test.unknown';

let sequence = 0;
async function queuedJob(): Promise<{ jobId: string; record: DynamoDBRecord }> {
  const { jobId, write } = newJob({ kind: UNKNOWN_KIND, ownerId: 'system', title: 'Job worker test', input: {}, jobId: `job-worker-${newId()}` });
  await transact([write]);
  sequence += 1;
  // The INSERT record of the new job, as the stream carries its new image's attributes.
  const record = { eventID: `job-${sequence}`, eventName: 'INSERT', dynamodb: { SequenceNumber: String(5000 + sequence), NewImage: { __edb_e__: { S: 'job' }, jobId: { S: jobId }, status: { S: 'queued' } } } } as DynamoDBRecord;
  return { jobId, record };
}
const streamEvent = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

describe('job worker', () => {
  it('runs the next step of each runnable job its mapping hands it; the records are its alone', async () => {
    const { jobId, record } = await queuedJob();
    expect(passesJobWorkerFilter(record)).toBe(true);
    expect(passesOutboxWorkerFilter(record)).toBe(false);
    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });
    expect(await getJob(jobId)).toMatchObject({ status: 'failed', error: `Unknown job kind ${UNKNOWN_KIND}` });
    // The same record again (a stream retry): the job is finished, nothing to do, no failure.
    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });
  });

  it('leaves a job another run holds to that run: not a failure', async () => {
    const { jobId, record } = await queuedJob();
    await db().entities.job.patch({ jobId }).set({ status: 'running', leaseOwner: 'another run', leaseUntil: Date.now() + 60_000 }).go();
    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });
    expect(await getJob(jobId)).toMatchObject({ status: 'running', leaseOwner: 'another run' });
  });

  it('keeps its time budget: records it has no time left to start are reported for the retry, not started', async () => {
    const first = await queuedJob();
    const second = await queuedJob();
    const remaining = [RESERVE_MS + 5_000, RESERVE_MS - 1];
    const context = { getRemainingTimeInMillis: () => remaining.shift() ?? 0 } as never;
    const response = await handler(streamEvent(first.record, second.record), context);
    expect(response.batchItemFailures.map((f) => f.itemIdentifier)).toEqual([second.record.dynamodb!.SequenceNumber]);
    expect((await getJob(first.jobId))?.status).toBe('failed');
    expect((await getJob(second.jobId))?.status).toBe('queued');
    expect(await handler(streamEvent(second.record))).toEqual({ batchItemFailures: [] });
    expect((await getJob(second.jobId))?.status).toBe('failed');
  });

  it('runs the job sweepers on the sweep event: a job the stream never moved gets its step', async () => {
    const { jobId } = await queuedJob();
    const report = await handler(SWEEP_EVENT);
    expect(Object.keys(report)).toEqual(['jobs']);
    expect(report.jobs).toBeGreaterThanOrEqual(1);
    expect((await getJob(jobId))?.status).toBe('failed');
  });
});
