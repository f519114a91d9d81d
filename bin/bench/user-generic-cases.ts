import { db } from '../../functions/db/service';
import { AS, demoUserId } from './accounts';
import { addPeople, deactivate, newPerson } from './admin-cases';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { createdIds, forEachConcurrently } from './fixtures';
import { jobResults } from './track-cases';

/**
 * The user generic set (aliases of the users table, get-user, Add User, the details save and
 * deactivation) and the remaining people routes. Reads as the demo conference admin; writes on
 * people added for the run (one per call), deactivated after.
 */
const WRITE_CALLS = 20;
const BULK_CALLS = 10;
const BULK_SIZE = 5;
const participant = demoUserId(AS.participant);
const people = [participant, demoUserId(AS.mentor), demoUserId(AS.advisor)];

const onNewPeople = (method: string, request: (userId: string) => { path?: string; body?: unknown }, cleanUp = true) =>
  benchCase<string[]>({
    as: AS.conferenceAdmin,
    method,
    path: '/api/user',
    calls: WRITE_CALLS,
    prepare: addPeople,
    each: (call, userIds) => request(userIds[call]),
    ...(cleanUp ? { cleanUp: deactivate } : {}),
    singleItem: true,
  });

/** People added for the run whose identity account is then taken away (straight from the table), as if Add User had not made one. */
async function peopleWithoutAccounts(ctx: BenchContext, calls: number): Promise<string[]> {
  const userIds = await addPeople(ctx, calls);
  await forEachConcurrently(userIds, async (userId) => {
    const { data: user } = await db().entities.user.get({ userId }).go({ consistent: true });
    await db().entities.localAccount.delete({ email: user!.email.toLowerCase() }).go();
  });
  return userIds;
}

/** People added for the run, each given a tag of their own (a tag deleted is taken off its people by a job). */
async function peopleWithOwnTags(ctx: BenchContext, calls: number): Promise<{ userIds: string[]; tagIds: string[] }> {
  const userIds = await addPeople(ctx, calls);
  const tagIds: string[] = [];
  for (const [call, userId] of userIds.entries()) tagIds.push((await ctx.api<{ id: string }>(AS.conferenceAdmin, 'POST', `/api/user/${userId}/tag`, { name: `Bench del ${call} ${ctx.runId}` })).id);
  return { userIds, tagIds };
}

const details = { version: 1, middleName: 'Bench', primaryLanguage: 'Spanish', address: { city: 'Asheville', state: 'NC' } };

export const USER_GENERIC_CASES: Record<string, BenchCase> = {
  'user.activeInterviewers': { as: AS.conferenceAdmin, path: '/api/user/active-interviewers' },
  'user.list': { as: AS.conferenceAdmin, path: '/api/user', query: 'limit=10&offset=0' },
  'user.count': { as: AS.conferenceAdmin, path: '/api/user/count', query: 'where[status]=Active', singleItem: true },
  'user.query': { as: AS.conferenceAdmin, method: 'POST', path: '/api/user/query', body: { where: {}, limit: 10, offset: 0 } },
  'user.search': { as: AS.conferenceAdmin, method: 'POST', path: '/api/user/search', body: { where: { name: 'ma' }, limit: 10 } },
  'user.getUsersByCurrentUser': { as: AS.conferenceAdmin, method: 'POST', path: '/api/user/get-users-by-current-user', body: { conditions: {}, limit: 10, offset: 0 } },
  'user.getUsers': { as: AS.conferenceAdmin, path: `/api/user/get-users/${people.join(',')}` },
  'user.get': { as: AS.conferenceAdmin, path: `/api/user/${participant}`, singleItem: true },
  'user.create': benchCase<BenchContext>({
    as: AS.conferenceAdmin,
    path: '/api/user',
    calls: WRITE_CALLS,
    prepare: async (ctx) => ctx,
    each: (call, ctx) => ({ body: newPerson(ctx, 'generic', call) }),
    cleanUp: (ctx, _prepared, responses) => deactivate(ctx, createdIds(responses)),
  }),
  'user.bulk': benchCase<BenchContext>({
    as: AS.conferenceAdmin,
    path: '/api/user/bulk',
    calls: BULK_CALLS,
    prepare: async (ctx) => ctx,
    each: (call, ctx) => ({ body: Array.from({ length: BULK_SIZE }, (_, i) => newPerson(ctx, 'bulk', call * BULK_SIZE + i)) }),
    cleanUp: (ctx, _prepared, responses) => deactivate(ctx, createdIds(responses)),
  }),
  'user.update': onNewPeople('PATCH', (userId) => ({ body: { id: userId, ...details } })),
  'user.remove': onNewPeople('DELETE', (userId) => ({ body: { id: userId } }), false),
  'user.removeById': onNewPeople('DELETE', (userId) => ({ path: `/api/user/${userId}` }), false),
  // Superadmin only: each call deletes a tag of its own; clean-up waits for the jobs that take them off their people.
  'user.deleteTag': benchCase<{ userIds: string[]; tagIds: string[] }>({
    as: AS.superadmin,
    method: 'DELETE',
    path: '/api/user/tag',
    calls: WRITE_CALLS,
    prepare: peopleWithOwnTags,
    each: (call, made) => ({ path: `/api/user/tag/${made.tagIds[call]}` }),
    cleanUp: async (ctx, made, responses) => {
      await jobResults(ctx, responses, AS.superadmin);
      await deactivate(ctx, made.userIds);
    },
    singleItem: true,
  }),
  'role.assignableToUsers': { as: AS.conferenceAdmin, method: 'POST', path: '/api/role/assignable-roles', body: { userIds: [participant, demoUserId(AS.mentor)] } },
  'admin.createUser': benchCase<string[]>({
    as: AS.conferenceAdmin,
    path: '/api/admin/create-user',
    calls: WRITE_CALLS,
    prepare: peopleWithoutAccounts,
    each: (call, userIds) => ({ path: `/api/admin/create-user/${userIds[call]}` }),
    cleanUp: deactivate,
    singleItem: true,
  }),
};
