import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { deliverOutboxItem } from './outbox-delivery';
import { isSweepEvent, sweep, type SweepEvent, type SweepReport } from './sweepers';
import { handleDerivedWork } from './stream-records';
import { loadSecrets } from '../lib/secrets';
import { annotateRoute, traceRequest } from '../lib/tracing';

/**
 * The worker Lambda's entry. Two triggers:
 * - the table's stream (DynamoDB Streams -> Lambda with ReportBatchItemFailures in AWS,
 *   bin/local/stream-poller.ts on one machine): each inserted outbox item is delivered, and
 *   each change runs the projections and job steps it calls for (./stream-records.ts);
 * - the scheduled sweep (`{ "source": "formation.sweep" }`, ./sweepers.ts).
 * How one item is delivered exactly once: ./outbox-delivery.ts.
 */
export { deliverOutboxItem, deliverPendingOutbox, MAX_ATTEMPTS, type DeliveryOutcome } from './outbox-delivery';
export { SWEEP_EVENT, sweep } from './sweepers';

/** The outbox id of a stream record that inserted an outbox item, otherwise undefined. */
export function insertedOutboxId(record: DynamoDBRecord): string | undefined {
  if (record.eventName !== 'INSERT' || !record.dynamodb?.NewImage) return undefined;
  // Read the two attributes straight from the image: unmarshalling every other entity's
  // item is wasted work, and some images (an empty map) do not unmarshall at all.
  const image = record.dynamodb.NewImage as Record<string, { S?: string } | undefined>;
  if (image.__edb_e__?.S !== 'outbox') return undefined;
  return image.outboxId?.S;
}

/**
 * Time kept in hand when a record is started: longer than the longest bounded piece of work one
 * record can start (a job step, a delivery with its retries), so the invocation ends before its
 * timeout rather than being killed in the middle of a record.
 */
export const RESERVE_MS = 10_000;

/** How much time the invocation has left; the local poller and tests pass no context: no limit. */
type Clock = Pick<Context, 'getRemainingTimeInMillis'> | undefined;

/**
 * Every record is tried in order; failed ones are reported by sequence number and come back on
 * the stream's next attempt (Lambda resumes from the first reported record, and every handler is
 * idempotent). An item another worker holds (`leased`) is not a failure: that worker finishes
 * it, or the sweep does once its lease runs out. When too little time is left to start a record,
 * it and the rest are reported, not started.
 */
async function deliverStreamRecords(event: DynamoDBStreamEvent, clock: Clock): Promise<DynamoDBBatchResponse> {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  const failed = (record: DynamoDBRecord, outboxId?: string) =>
    batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? outboxId ?? '' });
  for (const [index, record] of event.Records.entries()) {
    if (clock && clock.getRemainingTimeInMillis() < RESERVE_MS) {
      for (const rest of event.Records.slice(index)) failed(rest);
      break;
    }
    const outboxId = insertedOutboxId(record);
    try {
      if (outboxId) await deliverOutboxItem(outboxId);
      await handleDerivedWork(record);
    } catch {
      failed(record, outboxId);
    }
  }
  return { batchItemFailures };
}

export async function handler(event: SweepEvent, context?: Context): Promise<SweepReport>;
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse>;
export async function handler(event: DynamoDBStreamEvent | SweepEvent, context?: Context): Promise<DynamoDBBatchResponse | SweepReport> {
  return traceRequest('outbox-worker', async () => {
    // The unsubscribe secret signs the links of the emails it renders (functions/lib/secrets.ts).
    await loadSecrets();
    if (isSweepEvent(event)) {
      annotateRoute('sweep');
      return sweep();
    }
    annotateRoute('stream');
    return deliverStreamRecords(event, context);
  });
}
