import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from '../config';
import { traceClient } from '../tracing';

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (`List-Unsubscribe` ...); SESv2 `Simple.Headers`. */
  headers?: { name: string; value: string }[];
  /** Text attachments (a calendar invitation), sent as SESv2 `Simple.Attachments`. */
  attachments?: { filename: string; contentType: string; content: string }[];
}

let client: SESv2Client | undefined;

/** SES in AWS; the local SES stand-in (with its mail viewer) when `SES_ENDPOINT` is set. */
function sesClient(): SESv2Client {
  const endpoint = config.sesEndpoint;
  client ??= traceClient(
    new SESv2Client({
      region: config.region,
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    }),
  );
  return client;
}

/** Sends one email from `MAIL_FROM`; returns the provider's message id. */
export async function sendEmail(message: EmailMessage): Promise<string | undefined> {
  const output = await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: config.mailFrom,
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: message.html, Charset: 'UTF-8' }, Text: { Data: message.text, Charset: 'UTF-8' } },
          ...(message.headers?.length ? { Headers: message.headers.map(({ name, value }) => ({ Name: name, Value: value })) } : {}),
          ...(message.attachments?.length
            ? { Attachments: message.attachments.map((a) => ({ FileName: a.filename, ContentType: a.contentType, RawContent: Buffer.from(a.content, 'utf8'), ContentDisposition: 'ATTACHMENT' as const })) }
            : {}),
        },
      },
    }),
  );
  return output.MessageId;
}
