import type { PublishCommandInput } from '@aws-sdk/client-sns';
import { sendSms, snsClient } from '../../../functions/lib/adapters/sms';

/**
 * The SNS adapter's real request, caught by a middleware on the adapter's own client before
 * it is signed or sent: what SNS would receive on every Publish.
 */
const sent: PublishCommandInput[] = [];
beforeAll(() => {
  snsClient().middlewareStack.add(
    () => async (args) => {
      sent.push(args.input as PublishCommandInput);
      return { output: { MessageId: `sns-${sent.length}`, $metadata: {} }, response: {} };
    },
    { step: 'initialize', name: 'captureSmsPublish' },
  );
});

beforeEach(() => {
  sent.length = 0;
  vi.stubEnv('SMS_ADAPTER', 'sns');
  vi.stubEnv('SMS_ORIGINATION_NUMBER', '');
  vi.stubEnv('SMS_SENDER_ID', '');
});
afterEach(() => vi.unstubAllEnvs());

describe('the SNS SMS adapter', () => {
  it('sends from the configured origination number and sender ID on every Publish', async () => {
    vi.stubEnv('SMS_ORIGINATION_NUMBER', '+18005550100');
    vi.stubEnv('SMS_SENDER_ID', 'Formation');
    expect(await sendSms({ to: '+15551234567', message: 'Your code is 123456' })).toBe('sns-1');
    await sendSms({ to: '+15557654321', message: 'Step approved' });

    expect(sent).toHaveLength(2);
    for (const input of sent) {
      expect(input.MessageAttributes).toEqual({
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        'AWS.MM.SMS.OriginationNumber': { DataType: 'String', StringValue: '+18005550100' },
        'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: 'Formation' },
      });
    }
    expect(sent.map((input) => input.PhoneNumber)).toEqual(['+15551234567', '+15557654321']);
  });

  it('leaves out what is not configured, so SNS uses the account defaults', async () => {
    await sendSms({ to: '+15551234567', message: 'Hello' });
    expect(sent[0].MessageAttributes).toEqual({ 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } });
  });
});
