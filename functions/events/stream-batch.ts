import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/**
 * The batch loop both stream workers share (./outbox-worker.ts, ./job-worker.ts): each is invoked
 * by its own event source mapping with ReportBatchItemFailures (infra/constructs/outbox-worker-wiring.ts).
 */

/**
 * Time kept in hand when a record is started: longer than the longest bounded piece of work one
 * record can start (a job step, a delivery with its retries), so the invocation ends before its
 * timeout rather than being killed in the middle of a record.
 */
export const RESERVE_MS = 10_000;

/** How much time the invocation has left; the local poller and tests pass no context: no limit. */
export type Clock = Pick<Context, 'getRemainingTimeInMillis'> | undefined;

/**
 * Every record is tried in order with `handle`; failed ones (it threw) are reported by sequence
 * number and come back on the stream's next attempt (Lambda resumes from the first reported
 * record, and every handler is idempotent). An item another worker holds (`leased`) is not a
 * failure: `handle` returns, that worker finishes it, or the sweep does once its lease runs out.
 * When too little time is left to start a record, it and the rest are reported, not started.
 */
export async function handleStreamBatch(event: DynamoDBStreamEvent, clock: Clock, handle: (record: DynamoDBRecord) => Promise<void>): Promise<DynamoDBBatchResponse> {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  const failed = (record: DynamoDBRecord) => batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? '' });
  for (const [index, record] of event.Records.entries()) {
    if (clock && clock.getRemainingTimeInMillis() < RESERVE_MS) {
      for (const rest of event.Records.slice(index)) failed(rest);
      break;
    }
    try {
      await handle(record);
    } catch {
      failed(record);
    }
  }
  return { batchItemFailures };
}
