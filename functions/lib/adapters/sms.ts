import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { config } from '../config';

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

function snsClient(): SNSClient {
  client ??= new SNSClient({ region: config.region });
  return client;
}

/** Where the local adapter writes; the runtime sets `SMS_OUTBOX_FILE` under its data folder. */
export function localSmsOutboxFile(): string {
  return process.env.SMS_OUTBOX_FILE || '.data/sms-outbox.jsonl';
}

/** SNS publish to a phone number in AWS; locally, a line in the outbox file. Returns a message id. */
export async function sendSms(sms: SmsMessage): Promise<string> {
  if (config.smsAdapter === 'sns') {
    const output = await snsClient().send(
      new PublishCommand({
        PhoneNumber: sms.to,
        Message: sms.message,
        MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
      }),
    );
    return output.MessageId ?? '';
  }
  const record: LocalSmsRecord = { ...sms, messageId: randomUUID(), sentAt: new Date().toISOString() };
  const file = localSmsOutboxFile();
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(record)}\n`, 'utf8');
  return record.messageId;
}
