import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { LocalSmsRecord } from '../../functions/lib/adapters/sms';
import { localSmsOutboxFile } from '../../functions/lib/adapters/sms';
import { LOCAL_SMS_REPLY_TOPIC_ARN } from '../../functions/lib/config';
import { readJsonLines } from './json-lines';
import { escapeHtml, renderPage } from './page-layout';
import { signLocally } from './sns-signer';
import { readBody } from './request-body';

/**
 * The local stand-in for a phone: `/local/sms` lists every SMS the app sent (newest
 * first) and sends a reply to the app's webhook as SNS would deliver an inbound SMS.
 * The simulated SNS message is signed with the runtime's local key (./sns-signer.ts), which
 * only the local configuration trusts.
 */
export const SMS_PAGE_PATH = '/local/sms';
const REPLY_PATH = `${SMS_PAGE_PATH}/reply`;
const WEBHOOK_PATH = '/api/communication/sms-response';
/** The app's own number in the simulated messages. */
const APP_NUMBER = '+15550100000';
const TOPIC_ARN = LOCAL_SMS_REPLY_TOPIC_ARN;

export async function readSentSms(): Promise<LocalSmsRecord[]> {
  const records = await readJsonLines<LocalSmsRecord>(localSmsOutboxFile());
  return records.sort((a, b) => (a.sentAt < b.sentAt ? 1 : a.sentAt > b.sentAt ? -1 : 0));
}

/** An SNS HTTP notification carrying an inbound SMS, in the shape AWS End User Messaging publishes. */
export function inboundSmsNotification(from: string, body: string, previousMessageId?: string) {
  const messageId = randomUUID();
  return {
    messageId,
    notification: signLocally({
      Type: 'Notification',
      MessageId: messageId,
      TopicArn: TOPIC_ARN,
      Message: JSON.stringify({
        originationNumber: from,
        destinationNumber: APP_NUMBER,
        messageKeyword: body.trim().split(/\s+/)[0]?.toUpperCase() ?? '',
        messageBody: body,
        inboundMessageId: randomUUID(),
        previousPublishedMessageId: previousMessageId ?? '',
      }),
      Timestamp: new Date().toISOString(),
    }),
  };
}

function page(records: LocalSmsRecord[], status?: string): string {
  const rows = records
    .map(
      (sms) => `<tr><td>${escapeHtml(new Date(sms.sentAt).toLocaleString('en-US', { timeZone: 'UTC' }))} UTC</td><td>${escapeHtml(sms.to)}</td><td class="message">${escapeHtml(sms.message)}</td></tr>`,
    )
    .join('\n');
  const latest = records[0];
  return renderPage({
    title: 'SMS outbox',
    wide: true,
    body: `<h1>SMS outbox</h1>
${status ? `<p class="notice" role="status">${escapeHtml(status)}</p>` : ''}
<p class="hint">Text messages the app has sent on this machine, newest first. Reload to see new ones.</p>
${
  records.length
    ? `<table><caption class="hint">${records.length} message${records.length === 1 ? '' : 's'}</caption><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Message</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No text messages yet.</p>'
}
<h2>Reply as a phone</h2>
<form method="post" action="${REPLY_PATH}">
  <label for="from">From number
    <input id="from" name="from" type="tel" required value="${escapeHtml(latest?.to ?? '')}" placeholder="+15551234567">
  </label>
  <label for="body">Message
    <textarea id="body" name="body" rows="3" required></textarea>
  </label>
  <input type="hidden" name="previous" value="${escapeHtml(latest?.messageId ?? '')}">
  <button type="submit">Send reply</button>
</form>`,
  });
}

/** Handles `/local/sms` (GET) and `/local/sms/reply` (POST); `appOrigin` is where the webhook is called. */
export async function handleSmsPage(req: IncomingMessage, res: ServerResponse, appOrigin: string): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://local');
  if (url.pathname === REPLY_PATH && req.method === 'POST') {
    const form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
    const { messageId, notification } = inboundSmsNotification(form.get('from') ?? '', form.get('body') ?? '', form.get('previous') || undefined);
    let status: string;
    try {
      const response = await fetch(new URL(WEBHOOK_PATH, appOrigin), {
        method: 'POST',
        headers: {
          'content-type': 'text/plain; charset=UTF-8',
          'x-amz-sns-message-type': 'Notification',
          'x-amz-sns-message-id': messageId,
          'x-amz-sns-topic-arn': TOPIC_ARN,
        },
        body: JSON.stringify(notification),
      });
      status = `Reply sent; the app answered ${response.status} ${response.statusText}.`;
    } catch (error) {
      status = `Reply not delivered: ${(error as Error).message}`;
    }
    res.writeHead(303, { location: `${SMS_PAGE_PATH}?status=${encodeURIComponent(status)}` });
    res.end();
    return;
  }
  if (url.pathname !== SMS_PAGE_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not Found');
    return;
  }
  const html = page(await readSentSms(), url.searchParams.get('status') ?? undefined);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : html);
}
