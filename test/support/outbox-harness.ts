import { readFile } from 'node:fs/promises';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { dynamoClient } from '../../functions/db/client';
import { db } from '../../functions/db/service';
import { newId } from '../../functions/db/ids';
import { config } from '../../functions/lib/config';
import { outboxSeams, type DeliveryStep } from '../../functions/events/outbox-delivery';
import type { OutboxKind } from '../../functions/core/outbox/outbox-payloads';

/** What the outbox tests share: items with their stream records, the mail store, the SMS file, a worker that dies. */

let sequence = 0;

/** Writes an outbox item and returns the INSERT stream record DynamoDB would emit for it. */
export async function insertOutboxItem(kind: OutboxKind, payload: unknown, extra: { createdAt?: string } = {}): Promise<{ outboxId: string; record: DynamoDBRecord }> {
  const outboxId = extra.createdAt ? newId(Date.parse(extra.createdAt)) : newId();
  await db().entities.outbox.create({ outboxId, kind, payload, ...extra }).go();
  // ElectroDB gives the key as plain values; the stream carries DynamoDB's typed form.
  const Key = marshall((db().entities.outbox.get({ outboxId }).params() as { Key: Record<string, string> }).Key);
  const { Item } = await dynamoClient().send(new GetItemCommand({ TableName: config.tableName, Key, ConsistentRead: true }));
  sequence += 1;
  const record = {
    eventID: `event-${sequence}`,
    eventName: 'INSERT',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    eventSourceARN: `arn:aws:dynamodb:us-east-1:000000000000:table/${config.tableName}/stream/local`,
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      Keys: Key,
      NewImage: Item,
      SequenceNumber: String(1000 + sequence),
      SizeBytes: 100,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  } as DynamoDBRecord;
  return { outboxId, record };
}

export async function outboxItem(outboxId: string) {
  return (await db().entities.outbox.get({ outboxId }).go({ consistent: true })).data;
}

export interface StoredEmail {
  subject: string;
  destination: { to: string[] };
  body: { html?: string; text?: string };
  headers?: { name: string; value: string }[];
}

/** The emails the local SES stand-in holds for `address` (with `subject`, when given). */
export async function emailsTo(sesUrl: string, address: string, subject?: string): Promise<StoredEmail[]> {
  const response = await fetch(`${sesUrl}/store`);
  const store = (await response.json()) as { emails: StoredEmail[] };
  return store.emails.filter((email) => (subject === undefined || email.subject === subject) && email.destination.to.includes(address));
}

/** The SMS the local adapter wrote to `file` (to `to`, when given). */
export async function smsIn(file: string, to?: string): Promise<{ to: string; message: string }[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const lines = text.trim() ? text.trim().split('\n').map((line) => JSON.parse(line) as { to: string; message: string }) : [];
  return lines.filter((sms) => to === undefined || sms.to === to);
}

/** Plays a worker that dies right after `step` of this item's delivery, once. */
export function dieOnceAfter(step: DeliveryStep, outboxId: string): void {
  let died = false;
  outboxSeams.afterStep = (current, id) => {
    if (current === step && id === outboxId && !died) {
      died = true;
      throw new Error(`worker died after ${step}`);
    }
  };
}
