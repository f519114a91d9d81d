import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './attributes';

/**
 * A person. Main key: the user's partition, which also holds roles, permissions and
 * sessions (collection `userAggregate`, read in one Query per request), and the profile
 * details (aliases, tags, memberships, comments, mentors) in the wider `userProfile`.
 * gsi1 `byEmail`: sign-in and duplicate checks (emails are stored lower-cased).
 * gsi2 `bySubject`: the user an identity provider subject is bound to (sign-in); only
 * users with a `cognitoUsername` have this key.
 */
export const user = new Entity({
  model: { entity: 'user', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    firstName: { type: 'string', required: true },
    middleName: { type: 'string' },
    lastName: { type: 'string', required: true },
    suffix: { type: 'string' },
    title: { type: 'string' },
    gender: { type: 'string' },
    dateOfBirth: { type: 'string' },
    ethnicBackground: { type: 'string' },
    primaryLanguage: { type: 'string' },
    email: { type: 'string', required: true, set: (value?: string) => value?.trim().toLowerCase() },
    /** A new email waiting for its confirmation link (claimed already); `email` changes when it is confirmed. */
    pendingEmail: { type: 'string', set: (value?: string) => value?.trim().toLowerCase() },
    secondEmail: { type: 'string' },
    phoneNumber: { type: 'string' },
    secondPhoneNumber: { type: 'string' },
    isPhoneNumberVerified: { type: 'boolean', default: false },
    smsOptIn: { type: 'boolean', default: false },
    emailNotificationsOptIn: { type: 'boolean', default: true },
    /** One email a day listing the notifications instead of one email each (functions/events/outbox-digest.ts). */
    emailDigest: { type: 'boolean', default: false },
    inactive: { type: 'boolean', required: true, default: false },
    gcfaId: { type: 'string' },
    umcaresId: { type: 'string' },
    salesforceId: { type: 'string' },
    pid: { type: 'string' },
    /** The identity provider's subject (`sub`) this user signs in as; set at the first sign-in. */
    cognitoUsername: { type: 'string' },
    mergedUserId: { type: 'string' },
    /** Set by erasure's decisive transaction (functions/core/people/erasure/): the person is anonymised, and stays so. */
    erasedAt: { type: 'string' },
    avatar: { type: 'map', properties: { url: { type: 'string' }, key: { type: 'string' } } },
    address: {
      type: 'map',
      properties: {
        street: { type: 'string' },
        city: { type: 'string' },
        state: { type: 'string' },
        zipCode: { type: 'string' },
        unit: { type: 'string' },
      },
    },
    /**
     * Moves with every change to the user's roles or permissions (their access), in the
     * same transaction and conditioned on the value read: access changes to one user are
     * one at a time, so two of them can never both plan from the same old state.
     */
    accessVersion: { type: 'number', required: true, default: 0 },
    ...timestamps,
    version,
  },
  indexes: {
    byId: {
      collection: ['userProfile', 'userAggregate'],
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
    byEmail: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['email'] },
      sk: { field: 'gsi1sk', composite: [] },
    },
    bySubject: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['cognitoUsername'] },
      sk: { field: 'gsi2sk', composite: [] },
    },
  },
});
