import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { z } from 'zod';
import { db } from '../db/service';
import { isConditionFailure } from '../db/versioned';
import { addNotification } from '../db/access/notifications';
import { sendEmail } from '../lib/adapters/mail';
import { sendSms } from '../lib/adapters/sms';
import { log } from '../lib/log';

/**
 * Sends the side effects written as outbox items (ARCHITECTURE.md section 5). Fed by the
 * table's stream: DynamoDB Streams -> Lambda in AWS, bin/local/stream-poller.ts on one
 * machine. Redelivery is expected, so every item is re-read and sent only while it is
 * still `pending`; it is marked `sent` with a condition on that status.
 */

/** After this many failed deliveries an item is marked `failed` and no longer retried. */
export const MAX_ATTEMPTS = 5;

const payloadSchemas = {
  email: z.object({ to: z.string().min(3), subject: z.string(), html: z.string(), text: z.string() }),
  sms: z.object({ to: z.string().min(3), message: z.string().min(1) }),
  notification: z.object({ userId: z.string().min(1), message: z.string().min(1), link: z.string().optional() }),
};

export type OutboxKind = keyof typeof payloadSchemas;
export type OutboxPayload<K extends OutboxKind> = z.infer<(typeof payloadSchemas)[K]>;

/** A payload that can never be delivered; retrying would not help. */
class UndeliverableError extends Error {}

async function deliver(kind: OutboxKind, payload: unknown): Promise<void> {
  const parsed = payloadSchemas[kind]?.safeParse(payload);
  if (!parsed?.success) throw new UndeliverableError(`Invalid ${kind} payload: ${parsed?.error.message ?? 'unknown kind'}`);
  switch (kind) {
    case 'email':
      await sendEmail(parsed.data as OutboxPayload<'email'>);
      return;
    case 'sms':
      await sendSms(parsed.data as OutboxPayload<'sms'>);
      return;
    case 'notification': {
      const { userId, message, link } = parsed.data as OutboxPayload<'notification'>;
      await addNotification(userId, { message, link });
      return;
    }
  }
}

async function markSent(outboxId: string): Promise<void> {
  try {
    await db()
      .entities.outbox.patch({ outboxId })
      .set({ status: 'sent', sentAt: new Date().toISOString() })
      .where(({ status }, { eq }) => eq(status, 'pending'))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error; // someone else finished it meanwhile
  }
}

/** Counts the attempt; true when the item may be retried. */
async function recordFailure(outboxId: string, attemptsBefore: number, error: unknown): Promise<boolean> {
  const attempts = attemptsBefore + 1;
  const retry = !(error instanceof UndeliverableError) && attempts < MAX_ATTEMPTS;
  await db()
    .entities.outbox.patch({ outboxId })
    .set({ attempts, lastError: String((error as Error)?.message ?? error).slice(0, 500), ...(retry ? {} : { status: 'failed' as const }) })
    .where(({ status }, { eq }) => eq(status, 'pending'))
    .go()
    .catch((writeError) => {
      if (!isConditionFailure(writeError)) throw writeError;
    });
  return retry;
}

/**
 * Sends one outbox item if it is still pending. Returns what happened; throws when the
 * delivery failed and should be retried.
 */
export async function deliverOutboxItem(outboxId: string): Promise<'sent' | 'skipped' | 'failed'> {
  const { data: item } = await db().entities.outbox.get({ outboxId }).go({ consistent: true });
  if (!item || item.status !== 'pending') return 'skipped';
  try {
    await deliver(item.kind, item.payload);
  } catch (error) {
    const retry = await recordFailure(outboxId, item.attempts, error);
    log(retry ? 'warn' : 'error', 'outbox delivery failed', { outboxId, kind: item.kind, attempts: item.attempts + 1, error: String(error) });
    if (retry) throw error;
    return 'failed';
  }
  await markSent(outboxId);
  log('info', 'outbox delivered', { outboxId, kind: item.kind });
  return 'sent';
}

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
 * The Lambda entry (stream event source with ReportBatchItemFailures). Every record is
 * tried; failed ones are reported by sequence number and come back on the next attempt,
 * where the ones already sent are skipped.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const outboxId = insertedOutboxId(record);
    if (!outboxId) continue;
    try {
      await deliverOutboxItem(outboxId);
    } catch {
      batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? outboxId });
    }
  }
  return { batchItemFailures };
}

/**
 * Items still pending (for example written while no worker ran), oldest first, through
 * the `byStatus` index: a Query, never a Scan. The local runtime sends them at start.
 */
export async function deliverPendingOutbox(limit = 100): Promise<number> {
  const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ limit });
  let sent = 0;
  for (const item of data) {
    try {
      if ((await deliverOutboxItem(item.outboxId)) === 'sent') sent += 1;
    } catch {
      // counted on the item; the next sweep or stream retry tries again
    }
  }
  return sent;
}
