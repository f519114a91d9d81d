import type { MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, `no` for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Record<string, number> & { default: number } => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

const READ_USER = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Mentor', 'Interviewer'] as const;
const ADMINS = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'] as const;

/** A webhook answers only signed SNS messages of its topic: an unsigned one is 403 with or without a session. */
const webhook: MatrixRow = { own: 403, other: null, anonymous: 403 };

/**
 * Phone verification and the provider webhooks. Verify Primary Number is for those who may
 * edit the profile (as the details save): readers of the user 403, everyone else 404.
 */
export const VERIFY_ROWS: Record<string, MatrixRow> = {
  // Someone else's avatar, as their details (people-expected.ts): refused before the body without update User anywhere.
  'user.setAvatar': { own: only(ADMINS, 400), other: { ...only(ADMINS, 404), Superadmin: 400 }, anonymous: 401 },
  'communication.triggerSmsVerification': { own: { ...only(READ_USER, 403, 404), ...only(ADMINS, 200, 404) }, other: only(['Superadmin'], 200, 404), anonymous: 401 },
  'communication.smsResponse': webhook,
  'communication.bounce': webhook,
  'communication.complaint': webhook,
  'user.avatarImage': { own: only(READ_USER, 302, 404), other: only(['Superadmin'], 302, 404), anonymous: 401 },
  'notification.confirmEmail': { own: 302, other: null, anonymous: 401 },
  'notification.confirmEmailUnauthed': { own: 302, other: null, anonymous: 302 },
  'notification.unsubscribe': { own: 400, other: null, anonymous: 400 },
  'notification.unsubscribeOneClick': { own: 400, other: null, anonymous: 400 },
  'notification.triggerEmailNotifications': { own: only(['Superadmin'], 200), other: null, anonymous: 401 },
};
