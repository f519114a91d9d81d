import { createServiceHandler } from '../../lib/http/service-handler';
import { adminApi } from '../../../shared/api/admin';
import { addUser } from '../../core/people/add-user';
import { reinviteUsers } from '../../core/people/reinvite-user';
import { createProviderAccount } from '../../core/people/create-account';
import { setUsersInactive } from '../../core/people/user-status';
import { requirePower } from '../../core/scope/caller-rights';

export const handler = createServiceHandler(adminApi, {
  signUpUser: async ({ auth, body }) => addUser(auth, body),
  createUser: async ({ auth, params }) => createProviderAccount(auth, params.userId),
  reinviteUser: { authorize: ({ auth }) => requirePower(auth, ['update', 'User']), handle: async ({ auth, body }) => reinviteUsers(auth, body.ids) },
  deactivateUser: async ({ auth, body }) => setUsersInactive(auth, body.ids, true),
  reactivateUser: async ({ auth, body }) => setUsersInactive(auth, body.ids, false),
  // Held anywhere: the caller's ability carries only rules where their roles govern.
  trackAdmin: async ({ auth }) => ({ trackAdmin: auth.ability.can('update', 'TrackTemplate') }),
});
