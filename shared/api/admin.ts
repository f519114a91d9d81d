import * as z from 'zod';
import { defineContract } from './contract';
import { BULK_MAX } from './limits';
import { idSchema } from './id-list';
import { addUserSchema, userSchema } from '../schemas/user';

const userIdsBody = z.object({ ids: z.array(idSchema).min(1, 'Select at least one user.').max(BULK_MAX, `At most ${BULK_MAX} users at once.`) });
const changedUsers = z.object({ ids: z.array(z.string()) });

/** The admin service (SPEC.md section 7): accounts of other users. */
export const adminApi = {
  signUpUser: defineContract({
    id: 'admin.signUpUser', service: 'admin', method: 'POST', path: '/api/admin/sign-up-user', access: 'session', can: ['create', 'User'], status: 201, rateLimit: 'invitation',
    summary:
      'Add User: creates a user in a conference or district the caller may add users to (claiming the email), with that location as primary, and invites them through the identity provider.',
    body: addUserSchema, response: userSchema,
  }),
  createUser: defineContract({
    id: 'admin.createUser', service: 'admin', method: 'POST', path: '/api/admin/create-user/{userId}', access: 'session', can: ['create', 'User'], rateLimit: 'invitation',
    summary:
      'Creates the identity-provider account (with its invitation) of an app user who has none yet, for a caller who may create users where the user is. Idempotent: a registered or inactive user, or one whose account exists, is answered as is.',
    params: z.object({ userId: idSchema }), response: userSchema,
  }),
  reinviteUser: defineContract({
    id: 'admin.reinviteUser', service: 'admin', method: 'POST', path: '/api/admin/reinvite-user', access: 'session', can: ['update', 'User'], rateLimit: 'invitationBatch',
    summary: 'Sends a fresh invitation to users who have not signed in yet (registered users are left alone and not listed).',
    body: userIdsBody, response: changedUsers,
  }),
  deactivateUser: defineContract({
    id: 'admin.deactivateUser', service: 'admin', method: 'POST', path: '/api/admin/deactive-user', access: 'session', can: ['deactivate', 'User'],
    summary: 'Deactivates users the caller may deactivate (never themselves): their sessions end at once and the identity provider refuses their sign-in.',
    body: userIdsBody, response: changedUsers,
  }),
  trackAdmin: defineContract({
    id: 'admin.trackAdmin', service: 'admin', method: 'GET', path: '/api/admin/track-admin', access: 'session',
    summary:
      "Whether the caller holds the track-admin right anywhere (designs tracks): /tracks sends someone without it, who has no tracks and no assignments, to their profile.",
    response: z.object({ trackAdmin: z.boolean() }),
  }),
  reactivateUser: defineContract({
    id: 'admin.reactivateUser', service: 'admin', method: 'POST', path: '/api/admin/reactivate-user', access: 'session', can: ['deactivate', 'User'],
    summary: 'Reactivates deactivated users the caller may deactivate; they sign in again (old sessions stay ended).',
    body: userIdsBody, response: changedUsers,
  }),
};
