import * as z from 'zod';
import { db } from '../../db/service';
import { config } from '../../lib/config';
import { log } from '../../lib/log';
import { completePhoneVerification } from './phone-verification';
import { isSnsEndpoint, verifiedSnsMessage, type SnsMessage } from './sns-signature';

/**
 * The provider webhooks (SPEC.md section 7, communication): each takes only a signed SNS
 * message of its configured topic (./sns-signature.ts), confirms a subscription to that
 * topic, and acts on notifications. A message it cannot use is logged and acknowledged
 * (SNS would only retry it).
 */
type Received = { received: true };
const RECEIVED: Received = { received: true };

/** SNS's SubscribeURL for the expected topic, on an SNS host; nothing else is ever fetched. */
function isSubscribeUrl(address: string | undefined, topicArn: string): boolean {
  if (!address) return false;
  try {
    const url = new URL(address);
    return (
      isSnsEndpoint(url) &&
      url.searchParams.get('Action') === 'ConfirmSubscription' &&
      url.searchParams.get('TopicArn') === topicArn
    );
  } catch {
    return false;
  }
}

/** Confirms a verified SubscriptionConfirmation by visiting its SubscribeURL (AWS only: the local stand-ins subscribe nothing). */
async function confirmSubscription(message: SnsMessage, topicArn: string, route: string): Promise<Received> {
  if (message.Type === 'SubscriptionConfirmation' && isSubscribeUrl(message.SubscribeURL, topicArn)) {
    const response = await fetch(message.SubscribeURL!, { redirect: 'error', signal: AbortSignal.timeout(5000) });
    log(response.ok ? 'info' : 'warn', 'SNS subscription confirmation', { route, status: response.status });
  } else log('info', 'SNS subscription message not acted on', { route, type: message.Type });
  return RECEIVED;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const inboundSms = z.object({ originationNumber: z.string().min(3).max(20), messageBody: z.string().max(2000) });

export async function smsResponse(body: unknown): Promise<Received> {
  const topic = config.smsReplyTopicArn;
  const message = await verifiedSnsMessage(body, topic, 'sms-response');
  if (message.Type !== 'Notification') return confirmSubscription(message, topic!, 'sms-response');
  const sms = inboundSms.safeParse(parsedJson(message.Message));
  if (!sms.success) {
    log('warn', 'inbound SMS not understood', { messageId: message.MessageId });
    return RECEIVED;
  }
  const outcome = await completePhoneVerification(sms.data.originationNumber, sms.data.messageBody);
  log('info', 'inbound SMS handled', { messageId: message.MessageId, outcome });
  return RECEIVED;
}

const recipients = z.array(z.object({ emailAddress: z.string().min(3).max(254) })).max(50);
/** SES feedback (notifications use `notificationType`, event publishing `eventType`). */
const sesFeedback = z.object({
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  bounce: z.object({ bounceType: z.string(), bouncedRecipients: recipients, feedbackId: z.string().max(200).optional() }).optional(),
  complaint: z.object({ complainedRecipients: recipients, feedbackId: z.string().max(200).optional() }).optional(),
});

/**
 * A bounce or complaint: suppresses every address it names (an emailSuppression item, which
 * the outbox worker checks before each email). Transient bounces (a full mailbox) do not
 * suppress: the next email may well arrive.
 */
export async function mailFeedback(kind: 'bounce' | 'complaint', body: unknown): Promise<Received> {
  const topic = config.mailEventsTopicArn;
  const message = await verifiedSnsMessage(body, topic, kind);
  if (message.Type !== 'Notification') return confirmSubscription(message, topic!, kind);
  const feedback = sesFeedback.safeParse(parsedJson(message.Message));
  const type = feedback.success ? (feedback.data.notificationType ?? feedback.data.eventType) : undefined;
  if (!feedback.success || type !== (kind === 'bounce' ? 'Bounce' : 'Complaint')) {
    log('warn', 'mail feedback not understood', { route: kind, messageId: message.MessageId, type });
    return RECEIVED;
  }
  const { bounce, complaint } = feedback.data;
  if (kind === 'bounce' && bounce?.bounceType !== 'Permanent') {
    log('info', 'transient bounce not suppressed', { messageId: message.MessageId, bounceType: bounce?.bounceType });
    return RECEIVED;
  }
  const details = kind === 'bounce' ? bounce : complaint;
  const addresses = kind === 'bounce' ? (bounce?.bouncedRecipients ?? []) : (complaint?.complainedRecipients ?? []);
  for (const { emailAddress } of addresses) {
    await db().entities.emailSuppression.put({ email: emailAddress, reason: kind, feedbackId: details?.feedbackId }).go();
  }
  log('info', 'email addresses suppressed', { route: kind, count: addresses.length, messageId: message.MessageId });
  return RECEIVED;
}
