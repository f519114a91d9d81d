import { createServiceHandler } from '../../lib/http/service-handler';
import { communicationApi } from '../../../shared/api/communication';
import { triggerSmsVerification } from '../../core/communication/phone-verification';
import { mailFeedback, smsResponse } from '../../core/communication/webhooks';

export const handler = createServiceHandler(communicationApi, {
  triggerSmsVerification: async ({ auth, params }) => triggerSmsVerification(auth, params.userId),
  smsResponse: async ({ body }) => smsResponse(body),
  bounce: async ({ body }) => mailFeedback('bounce', body),
  complaint: async ({ body }) => mailFeedback('complaint', body),
});
