import { randomInt } from 'node:crypto';
import { db } from '../../../functions/db/service';
import { putTestUser } from '../../support/test-users';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string) => MatrixCall | Promise<MatrixCall>;

/** A fresh user at the target's church with a number of their own (sends per number per day are capped). */
async function userWithPhone(target: Target, tag: string): Promise<string> {
  const userId = await putTestUser({ firstName: 'Phone', lastName: tag, locationId: target.chain.Church });
  await db().entities.user.patch({ userId }).set({ phoneNumber: `555-${randomInt(100, 1000)}-${randomInt(1000, 10000)}` }).go();
  return userId;
}

/** A fresh user at the target's church whose avatar key is set straight in the table (presigning needs no object). */
async function userWithAvatar(target: Target, tag: string): Promise<string> {
  const userId = await putTestUser({ firstName: 'Avatar', lastName: tag, locationId: target.chain.Church });
  await db().entities.user.patch({ userId }).set({ avatar: { key: 'matrix-avatar', url: `/api/user/${userId}/avatar-image?key=matrix-avatar` } }).go();
  return userId;
}

/** An SNS-shaped body with no valid signature: every caller is refused alike. */
const unsigned = { Type: 'Notification', MessageId: 'matrix', TopicArn: 'arn:aws:sns:us-east-1:000000000000:formation-sms-replies', Message: '{}', Timestamp: '2026-01-01T00:00:00Z', SignatureVersion: '2', Signature: 'bm90IHNpZ25lZA==', SigningCertURL: 'local:formation-sns-signing-key' };

/** Phone and email verification and the provider webhooks (rows in authorization-matrix.verify-expected.ts). */
export const VERIFY_CALLS: Record<string, CallBuilder> = {
  'communication.triggerSmsVerification': async (t, tag) => ({ path: `/api/communication/${await userWithPhone(t, tag)}/trigger-sms-verification`, method: 'POST' }),
  'communication.smsResponse': () => ({ path: '/api/communication/sms-response', method: 'POST', body: unsigned }),
  'communication.bounce': () => ({ path: '/api/communication/bounce', method: 'POST', body: unsigned }),
  'communication.complaint': () => ({ path: '/api/communication/complaint', method: 'POST', body: unsigned }),
  // No uploaded image: editors get the 400 that says so, after the same scope checks as the details save.
  'user.setAvatar': async (t, tag) => ({ path: `/api/user/${await putTestUser({ firstName: 'Avatar', lastName: tag, locationId: t.chain.Church })}/avatar`, method: 'POST', body: { key: 'not-uploaded', version: 1 } }),
  'user.avatarImage': async (t, tag) => ({ path: `/api/user/${await userWithAvatar(t, tag)}/avatar-image`, query: 'key=matrix-avatar' }),
  // An unknown token: everyone lands on 'Email could not be verified.' (a live token is single use; see email-change.test.ts).
  'notification.confirmEmail': () => ({ path: '/api/notification/confirm-email', query: 'data=no-such-token' }),
  'notification.confirmEmailUnauthed': () => ({ path: '/api/notification/confirm-email-unauthed', query: 'data=no-such-token' }),
  // A token signed for nobody: everyone gets the 400 page (the token decides, not the session; see outbox-channels.test.ts).
  'notification.unsubscribe': () => ({ path: '/api/notification/unsubscribe', query: 'token=bm9ib2R5.bm90LXNpZ25lZA' }),
  'notification.unsubscribeOneClick': () => ({ path: '/api/notification/unsubscribe', method: 'POST', query: 'token=bm9ib2R5.bm90LXNpZ25lZA' }),
  'notification.triggerEmailNotifications': () => ({ path: '/api/notification/trigger-email-notifications', method: 'POST' }),
};
