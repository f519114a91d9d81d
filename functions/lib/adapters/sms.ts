import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PublishCommand, SNSClient, type PublishCommandInput } from '@aws-sdk/client-sns';
import { config } from '../config';
import { traceClient } from '../tracing';

export interface SmsMessage {
  /** E.164, for example `+15551234567`. */
  to: string;
  message: string;
}

/** One line of the local SMS outbox file (JSON Lines), read by the runtime's SMS page. */
export interface LocalSmsRecord extends SmsMessage {
  messageId: string;
  sentAt: string;
}

let client: SNSClient | undefined;

/** The one SNS client (exported so a test can watch the requests it sends). */
export function snsClient(): SNSClient {
  client ??= traceClient(new SNSClient({ region: config.region }));
  return client;
}

type Attributes = NonNullable<PublishCommandInput['MessageAttributes']>;

/**
 * The per-message SMS attributes SNS documents for publishing to a phone: transactional
 * delivery, and the configured origination number and sender ID. Without the number SNS
 * picks any number of the account, from which replies never reach the reply topic.
 */
function smsAttributes(): Attributes {
  const text = (value: string) => ({ DataType: 'String', StringValue: value });
  const attributes: Attributes = { 'AWS.SNS.SMS.SMSType': text('Transactional') };
  if (config.smsOriginationNumber) attributes['AWS.MM.SMS.OriginationNumber'] = text(config.smsOriginationNumber);
  if (config.smsSenderId) attributes['AWS.SNS.SMS.SenderID'] = text(config.smsSenderId);
  return attributes;
}

/** Where the local adapter writes; the runtime sets `SMS_OUTBOX_FILE` under its data folder. */
export function localSmsOutboxFile(): string {
  return process.env.SMS_OUTBOX_FILE || '.data/sms-outbox.jsonl';
}

/** SNS publish to a phone number in AWS; locally, a line in the outbox file. Returns a message id. */
export async function sendSms(sms: SmsMessage): Promise<string> {
  if (config.smsAdapter === 'sns') {
    const output = await snsClient().send(
      new PublishCommand({ PhoneNumber: sms.to, Message: sms.message, MessageAttributes: smsAttributes() }),
    );
    return output.MessageId ?? '';
  }
  const record: LocalSmsRecord = { ...sms, messageId: randomUUID(), sentAt: new Date().toISOString() };
  const file = localSmsOutboxFile();
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(record)}\n`, 'utf8');
  return record.messageId;
}
