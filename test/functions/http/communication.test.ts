import { generateKeyPairSync, createSign } from 'node:crypto';
import { handler as communication } from '../../../functions/http/communication/handler';
import { handler as users } from '../../../functions/http/user/handler';
import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { LOCAL_MAIL_EVENTS_TOPIC_ARN, LOCAL_SMS_REPLY_TOPIC_ARN } from '../../../functions/lib/config';
import { isAddressSuppressed } from '../../../functions/core/outbox/address-suppression';
import { DAILY_CAP_MESSAGE, MAX_CODE_ATTEMPTS, PRIMARY_NUMBER_REQUIRED, SMS_SENDS_PER_NUMBER_PER_DAY, completePhoneVerification } from '../../../functions/core/communication/phone-verification';
import { LOCAL_SIGNING_CERT_URL, UNSIGNED_MESSAGE, canonicalSnsString, isAwsCertUrl, verifiedSnsMessage } from '../../../functions/core/communication/sns-signature';
import { localSnsPublicKey, signLocally, type UnsignedSnsMessage } from '../../../bin/local/sns-signer';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/** Phone verification by SMS and the signed SNS webhooks (SPEC.md sections 4, 5 and 7; ARCHITECTURE.md section 8). */
let districtAdmin: string;
let advisor: string;

beforeAll(async () => {
  process.env.LOCAL_SNS_SIGNING_KEY = localSnsPublicKey();
  await seedDemo();
  [districtAdmin, advisor] = await Promise.all(['district.admin@example.org', 'advisor@example.org'].map(cookieFor));
});

let numbers = 0;
async function userWithPhone(phoneNumber = `555-010-${String(1000 + numbers++)}`): Promise<{ userId: string; phoneNumber: string; e164: string }> {
  const userId = await putTestUser({ firstName: 'Sam', lastName: 'Phone', locationId: ids.district1 });
  await db().entities.user.patch({ userId }).set({ phoneNumber }).go();
  return { userId, phoneNumber, e164: `+1${phoneNumber.replace(/\D/g, '').slice(-10)}` };
}

const trigger = (userId: string, cookie = districtAdmin) => invoke(communication, `/api/communication/${userId}/trigger-sms-verification`, { method: 'POST', cookie });
const storedUser = async (userId: string) => (await db().entities.user.get({ userId }).go({ consistent: true })).data!;

/** The code of the last verification SMS written to the outbox for the user. */
async function sentCode(userId: string): Promise<string> {
  const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
  const mine = data.filter((item) => (item.payload as { userId?: string }).userId === userId && item.kind === 'sms');
  const message = (mine.at(-1)!.payload as { message: string }).message;
  return message.match(/\d{6}/)![0];
}

let messages = 0;
function snsNotification(topic: string, message: unknown): UnsignedSnsMessage {
  return { Type: 'Notification', MessageId: `message-${messages++}`, TopicArn: topic, Message: JSON.stringify(message), Timestamp: new Date().toISOString() };
}
const reply = (from: string, body: string) => signLocally(snsNotification(LOCAL_SMS_REPLY_TOPIC_ARN, { originationNumber: from, destinationNumber: '+15550100000', messageBody: body }));
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  invoke(communication, `/api/communication/${path}`, { method: 'POST', rawBody: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'text/plain; charset=UTF-8', ...headers } });

describe('POST /api/communication/{userId}/trigger-sms-verification and the reply', () => {
  it('texts a code through the outbox (kept only as a hash); the reply carrying it from that number verifies the number', async () => {
    const { userId, e164, phoneNumber } = await userWithPhone();
    const res = await trigger(userId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sentTo: phoneNumber });
    const code = await sentCode(userId);
    const pending = (await db().entities.phoneVerification.get({ phone: e164 }).go()).data!;
    expect(pending.userId).toBe(userId);
    expect(JSON.stringify(pending)).not.toContain(code);

    expect((await post('sms-response', reply(e164, 'hello'))).status).toBe(200);
    expect((await storedUser(userId)).isPhoneNumberVerified).toBe(false);
    expect((await post('sms-response', reply(e164, ` ${code} `))).status).toBe(200);
    expect((await storedUser(userId)).isPhoneNumberVerified).toBe(true);
    const details = await invoke(users, `/api/user/user-profile-basic-info/${userId}/true`, { cookie: districtAdmin });
    expect(details.body).toMatchObject({ isPhoneNumberVerified: true });
    // The same reply again (SNS delivers at least once) finds no code and changes nothing.
    expect(await completePhoneVerification(e164, code)).toBe('no-code');
  });

  it("answers 'Primary Number Required' without a phone, and refuses those who may not edit the user", async () => {
    const userId = await putTestUser({ firstName: 'No', lastName: 'Phone', locationId: ids.district1 });
    const res = await trigger(userId);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ phoneNumber: [PRIMARY_NUMBER_REQUIRED] });
    const { userId: withPhone } = await userWithPhone();
    expect((await trigger(withPhone, advisor)).status).toBe(403);
  });

  it(`spends a code after ${MAX_CODE_ATTEMPTS} wrong replies, and refuses an expired one`, async () => {
    const { userId, e164 } = await userWithPhone();
    await trigger(userId);
    const code = await sentCode(userId);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) expect(await completePhoneVerification(e164, wrong)).toBe('wrong-code');
    expect(await completePhoneVerification(e164, code)).toBe('no-code');
    expect((await storedUser(userId)).isPhoneNumberVerified).toBe(false);

    await trigger(userId);
    expect(await completePhoneVerification(e164, await sentCode(userId), Date.now() + 16 * 60_000)).toBe('expired');
    expect((await storedUser(userId)).isPhoneNumberVerified).toBe(false);
  });

  it('does not verify a number the user changed after the code was sent; a changed number is no longer verified', async () => {
    const { userId, e164 } = await userWithPhone();
    await trigger(userId);
    const code = await sentCode(userId);
    const { version } = await storedUser(userId);
    expect((await invoke(users, `/api/user/${userId}`, { method: 'PATCH', cookie: districtAdmin, body: { version, phoneNumber: '555-999-0001' } })).status).toBe(200);
    expect(await completePhoneVerification(e164, code)).toBe('number-changed');
    expect((await storedUser(userId)).isPhoneNumberVerified).toBe(false);

    await trigger(userId);
    expect(await completePhoneVerification('+15559990001', await sentCode(userId))).toBe('verified');
    const verified = await storedUser(userId);
    expect(verified.isPhoneNumberVerified).toBe(true);
    await invoke(users, `/api/user/${userId}`, { method: 'PATCH', cookie: districtAdmin, body: { version: verified.version, phoneNumber: '555-999-0002' } });
    expect((await storedUser(userId)).isPhoneNumberVerified).toBe(false);
  });

  it(`sends at most ${SMS_SENDS_PER_NUMBER_PER_DAY} codes per number per day, whoever asks (429)`, async () => {
    const shared = '555-777-0101';
    const first = await userWithPhone(shared);
    const second = await userWithPhone(shared);
    for (let send = 0; send < SMS_SENDS_PER_NUMBER_PER_DAY; send++) expect((await trigger(send % 2 ? second.userId : first.userId)).status).toBe(200);
    const capped = await trigger(second.userId);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe(DAILY_CAP_MESSAGE);
  });
});

describe('the SNS webhooks accept only signed messages of their topic', () => {
  it('refuses with 403: no signature, a tampered message, another key, another topic, too old or from the future, not JSON, not SNS', async () => {
    const { e164 } = await userWithPhone();
    const signed = reply(e164, '123456');
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = { ...signed, Signature: createSign('RSA-SHA256').update(canonicalSnsString(signed)).sign(otherKey, 'base64') };
    const refused = [
      { ...signed, Signature: '' },
      { ...signed, Message: signed.Message.replace('123456', '654321') },
      forged,
      signLocally(snsNotification('arn:aws:sns:us-east-1:000000000000:someone-else', {})),
      // Correctly signed, but a replay from yesterday, and one dated an hour ahead.
      signLocally({ ...snsNotification(LOCAL_SMS_REPLY_TOPIC_ARN, {}), Timestamp: new Date(Date.now() - 24 * 3600_000).toISOString() }),
      signLocally({ ...snsNotification(LOCAL_SMS_REPLY_TOPIC_ARN, {}), Timestamp: new Date(Date.now() + 3600_000).toISOString() }),
      signLocally({ ...snsNotification(LOCAL_SMS_REPLY_TOPIC_ARN, {}), Timestamp: 'yesterday' }),
      { ...signed, SigningCertURL: 'https://evil.example.org/SimpleNotificationService-1.pem' },
      'not json',
      { hello: 'world' },
    ];
    for (const body of refused) {
      const res = await post('sms-response', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(403);
      expect(res.body.message).toBe(UNSIGNED_MESSAGE);
    }
    // A message of the SMS topic is not accepted by the mail webhooks, nor the other way round.
    expect((await post('bounce', signed)).status).toBe(403);
  });

  it('never trusts the local key in a Lambda, whatever the environment says', async () => {
    const message = reply('+15550000000', 'hi');
    await expect(verifiedSnsMessage(message, LOCAL_SMS_REPLY_TOPIC_ARN, 'test')).resolves.toMatchObject({ MessageId: message.MessageId });
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'formation-communication';
    try {
      await expect(verifiedSnsMessage(message, LOCAL_SMS_REPLY_TOPIC_ARN, 'test')).rejects.toMatchObject({ status: 403 });
    } finally {
      delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    }
    expect(message.SigningCertURL).toBe(LOCAL_SIGNING_CERT_URL);
  });

  it('fetches signing certificates only over HTTPS from an SNS host', () => {
    expect(isAwsCertUrl('https://sns.us-east-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem')).toBe(true);
    expect(isAwsCertUrl('https://sns.cn-north-1.amazonaws.com.cn/SimpleNotificationService-abc.pem')).toBe(true);
    for (const url of [
      'http://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem',
      'https://sns.us-east-1.amazonaws.com.evil.org/SimpleNotificationService-abc.pem',
      'https://evil.org/sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem',
      'https://sns.us-east-1.amazonaws.com:8443/SimpleNotificationService-abc.pem',
      'https://user@sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem',
      'https://sns.us-east-1.amazonaws.com/other.pem',
      'https://s3.amazonaws.com/SimpleNotificationService-abc.pem',
    ])
      expect(isAwsCertUrl(url), url).toBe(false);
  });

  it('acknowledges a signed subscription confirmation without acting on it locally', async () => {
    const confirmation = signLocally({ Type: 'SubscriptionConfirmation', MessageId: 'sub-1', TopicArn: LOCAL_MAIL_EVENTS_TOPIC_ARN, Message: 'You have chosen to subscribe', SubscribeURL: 'https://evil.example.org/confirm', Token: 'token', Timestamp: new Date().toISOString() });
    expect((await post('bounce', confirmation)).status).toBe(200);
  });
});

describe('POST /api/communication/bounce and complaint', () => {
  const feedback = (notificationType: string, body: Record<string, unknown>) => signLocally(snsNotification(LOCAL_MAIL_EVENTS_TOPIC_ARN, { notificationType, ...body, mail: { messageId: 'm-1' } }));

  it('suppresses a permanently bounced address (shown on the profile), not a transient one', async () => {
    const userId = await putTestUser({ firstName: 'Bo', lastName: 'Unce', locationId: ids.district1 });
    const { email } = await storedUser(userId);
    const transient = feedback('Bounce', { bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: email }] } });
    expect((await post('bounce', transient)).status).toBe(200);
    expect(await isAddressSuppressed(email)).toBe(false);
    const permanent = feedback('Bounce', { bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: email.toUpperCase() }], feedbackId: 'f-1' } });
    expect((await post('bounce', permanent)).status).toBe(200);
    expect(await isAddressSuppressed(email)).toBe(true);
    const details = await invoke(users, `/api/user/user-profile-basic-info/${userId}/true`, { cookie: districtAdmin });
    expect(details.body).toMatchObject({ emailSuppressed: true });
  });

  it('suppresses a complaining address; a complaint posted to the bounce route changes nothing', async () => {
    const email = 'complainer@example.org';
    const complaint = feedback('Complaint', { complaint: { complainedRecipients: [{ emailAddress: email }] } });
    expect((await post('bounce', complaint)).status).toBe(200);
    expect(await isAddressSuppressed(email)).toBe(false);
    expect((await post('complaint', complaint)).status).toBe(200);
    expect(await isAddressSuppressed(email)).toBe(true);
  });
});
