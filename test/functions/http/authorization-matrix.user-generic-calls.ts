import { putTestUser } from '../../support/test-users';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

/** A throwaway user at the target's church: creates, saves and deactivations change it, never the shared target. */
const freshUser = (t: Target, tag: string, inactive = false) => putTestUser({ firstName: 'Matrix', lastName: tag, locationId: t.chain.Church, inactive });
const addUserBody = (t: Target, tag: string) => ({
  firstName: 'Matrix',
  lastName: tag,
  email: `matrix.${tag.replace(/\W/g, '')}.${Math.random().toString(36).slice(2, 8)}@example.org`,
  districtLocation: t.chain.District,
});
const inDistrict = (t: Target) => ({ districtId: t.chain.District });

/** The generic user set and admin create-user (rows in authorization-matrix.user-generic-expected.ts). */
export const USER_GENERIC_CALLS: Record<string, CallBuilder> = {
  'user.create': (t, tag) => ({ path: '/api/user', method: 'POST', body: addUserBody(t, tag) }),
  'user.bulk': (t, tag) => ({ path: '/api/user/bulk', method: 'POST', body: [addUserBody(t, tag)] }),
  'user.list': () => ({ path: '/api/user' }),
  'user.activeInterviewers': () => ({ path: '/api/user/active-interviewers' }),
  // Lists: own narrowed to the actor's district, other to the other chain's (as user.quickSearch).
  'user.count': (t) => ({ path: '/api/user/count', query: `where[districtId]=${t.chain.District}` }),
  'user.query': (t) => ({ path: '/api/user/query', method: 'POST', body: { where: inDistrict(t) } }),
  'user.search': (t) => ({ path: '/api/user/search', method: 'POST', body: { where: inDistrict(t) } }),
  'user.getUsersByCurrentUser': (t) => ({ path: '/api/user/get-users-by-current-user', method: 'POST', body: { conditions: inDistrict(t), limit: 10 } }),
  'user.getUsers': (t) => ({ path: `/api/user/get-users/${t.userId}` }),
  'user.get': (t) => ({ path: `/api/user/${t.userId}` }),
  'user.update': async (t, tag) => ({ path: '/api/user', method: 'PATCH', body: { id: await freshUser(t, tag), version: 1, middleName: 'Matrix' } }),
  'user.remove': async (t, tag) => ({ path: '/api/user', method: 'DELETE', body: { id: await freshUser(t, tag) } }),
  'user.removeById': async (t, tag) => ({ path: `/api/user/${await freshUser(t, tag)}`, method: 'DELETE' }),
  'admin.createUser': async (t, tag) => ({ path: `/api/admin/create-user/${await freshUser(t, tag)}`, method: 'POST' }),
};
