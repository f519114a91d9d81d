import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';

/** What a webhook answers once a signed SNS message was taken in (or safely ignored). */
const receivedSchema = z.object({ received: z.literal(true) });

/**
 * The provider webhooks take the raw SNS message (SNS posts it as text/plain): its shape is
 * checked with its signature in functions/core/communication/sns-message.ts, and anything
 * that is not a signed message of the configured topic is a 403.
 */
const webhook = (key: 'smsResponse' | 'bounce' | 'complaint', path: string, summary: string) =>
  defineContract({
    id: `communication.${key}`, service: 'communication', method: 'POST', path: `/api/communication/${path}`, access: 'public', snsWebhook: true,
    summary, body: z.unknown(), response: receivedSchema,
  });

export const communicationApi = {
  triggerSmsVerification: defineContract({
    id: 'communication.triggerSmsVerification', service: 'communication', method: 'POST', path: '/api/communication/{userId}/trigger-sms-verification', access: 'session', rateLimit: 'smsVerification',
    summary:
      "Verify Primary Number (SPEC.md section 4): texts a code to the user's primary number (one's own, or a user the caller may update), through the outbox. The reply from that number (sms-response) verifies it. Sends per number per day are capped (429).",
    params: z.object({ userId: idSchema }),
    response: z.object({ sentTo: z.string() }),
  }),
  smsResponse: webhook('smsResponse', 'sms-response', 'An inbound SMS (SNS from AWS End User Messaging): a reply carrying the code verifies the number it came from.'),
  bounce: webhook('bounce', 'bounce', 'SES bounce notifications (SNS): a permanent bounce suppresses further email to the address.'),
  complaint: webhook('complaint', 'complaint', 'SES complaint notifications (SNS): a complaint suppresses further email to the address.'),
};
