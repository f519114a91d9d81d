import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { deliverOutboxItem } from './outbox-delivery';
import { isSweepEvent, sweep, type SweepEvent, type SweepReport } from './sweepers';
import { handleDerivedWork } from './stream-records';
import { handleStreamBatch } from './stream-batch';
import { loadSecrets } from '../lib/secrets';
import { annotateRoute, traceRequest } from '../lib/tracing';

/**
 * The outbox worker Lambda's entry. Two triggers:
 * - the table's stream (DynamoDB Streams -> Lambda with ReportBatchItemFailures in AWS,
 *   bin/local/stream-poller.ts on one machine), through its own filter (./stream-routing.ts):
 *   each inserted outbox item is delivered, and each change runs the projections and audit seal
 *   it calls for (./stream-records.ts); job steps are the job worker's (./job-worker.ts);
 * - the scheduled sweep (`{ "source": "formation.sweep" }`, ./sweepers.ts).
 * How one item is delivered exactly once: ./outbox-delivery.ts.
 */
export { deliverOutboxItem, deliverPendingOutbox, MAX_ATTEMPTS, type DeliveryOutcome } from './outbox-delivery';
export { SWEEP_EVENT, sweep } from './sweepers';
export { RESERVE_MS } from './stream-batch';

/** The outbox id of a stream record that inserted an outbox item, otherwise undefined. */
export function insertedOutboxId(record: DynamoDBRecord): string | undefined {
  if (record.eventName !== 'INSERT' || !record.dynamodb?.NewImage) return undefined;
  // Read the two attributes straight from the image: unmarshalling every other entity's
  // item is wasted work, and some images (an empty map) do not unmarshall at all.
  const image = record.dynamodb.NewImage as Record<string, { S?: string } | undefined>;
  if (image.__edb_e__?.S !== 'outbox') return undefined;
  return image.outboxId?.S;
}

/** One record: its outbox item delivered (an item another worker holds is not a failure), then its derived work. */
async function handleRecord(record: DynamoDBRecord): Promise<void> {
  const outboxId = insertedOutboxId(record);
  if (outboxId) await deliverOutboxItem(outboxId);
  await handleDerivedWork(record);
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
    return handleStreamBatch(event, context, handleRecord);
  });
}
