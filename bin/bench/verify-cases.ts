import { randomInt } from 'node:crypto';
import { AS } from './accounts';
import { addPeople, deactivate } from './admin-cases';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';

/**
 * Phone verification and the provider webhooks. Each Verify Primary Number call texts a
 * person added for the run, with a number of their own (sends per number per day are capped).
 */
const WRITE_CALLS = 20;

async function peopleWithPhones(ctx: BenchContext, calls: number): Promise<string[]> {
  const userIds = await addPeople(ctx, calls);
  for (const userId of userIds) await ctx.api(AS.conferenceAdmin, 'PATCH', `/api/user/${userId}`, { version: 1, phoneNumber: `555-${randomInt(200, 1000)}-${randomInt(1000, 10000)}` });
  return userIds;
}

const SIGNED_ONLY = "takes only SNS messages signed with the runtime's per-start key, which the benchmark does not hold; a refused message is one JSON parse and no read";

export const VERIFY_CASES: Record<string, BenchCase> = {
  'app.settings': { path: '/api/app/settings', singleItem: true },
  'communication.triggerSmsVerification': benchCase<string[]>({
    as: AS.conferenceAdmin,
    path: '/api/communication',
    method: 'POST',
    calls: WRITE_CALLS,
    prepare: peopleWithPhones,
    each: (call, userIds) => ({ path: `/api/communication/${userIds[call]}/trigger-sms-verification` }),
    cleanUp: deactivate,
    singleItem: true,
  }),
  'notification.confirmEmail': { as: AS.participant, path: '/api/notification/confirm-email', query: 'data=no-such-token', singleItem: true },
  'notification.confirmEmailUnauthed': { path: '/api/notification/confirm-email-unauthed', query: 'data=no-such-token', singleItem: true },
  'user.setAvatar': { path: '/api/user/{userId}/avatar', skip: 'each call needs an image uploaded to the bucket first (measured as file.requestUpload and file.confirmUpload); the set itself is one read of the file record and one conditional update' },
  'user.avatarImage': { path: '/api/user/{userId}/avatar-image', skip: 'a redirect to a presigned link: one user aggregate read (as user.getUser) and a local signature, no further request' },
  'communication.smsResponse': { path: '/api/communication/sms-response', skip: SIGNED_ONLY },
  'communication.bounce': { path: '/api/communication/bounce', skip: SIGNED_ONLY },
  'communication.complaint': { path: '/api/communication/complaint', skip: SIGNED_ONLY },
};
