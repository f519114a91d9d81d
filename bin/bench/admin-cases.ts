import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { AS, demoUserId } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { createdIds, forgetRateCount } from './fixtures';

/**
 * Account status cases. Each call changes one demo user no case calls as (deactivating ends
 * their sessions): call 0 the interviewer, call 1 the advisor; clean-up puts both back.
 */
const TARGETS = [AS.interviewer, AS.advisor].map(demoUserId);

const setStatus = (path: string) => (ctx: BenchContext) => ctx.api(AS.conferenceAdmin, 'POST', path, { ids: TARGETS });

/** Add User calls: each adds (and invites) a new person, deactivated again by clean-up. */
const ADD_CALLS = 20;
export const newPerson = (ctx: BenchContext, label: string, call: number, serial = call) => ({
  firstName: 'Bench',
  lastName: `${label} ${call}`,
  email: `bench.${label}.${ctx.runId}.${serial}@example.org`.toLowerCase(),
  districtLocation: DEMO_LOCATION_IDS.district1,
});

export async function deactivate(ctx: BenchContext, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 25) await ctx.api(AS.conferenceAdmin, 'POST', '/api/admin/deactive-user', { ids: ids.slice(start, start + 25) });
}

/** Numbers every person addPeople adds in one run, so the cases' fixtures never share an email (names count from 0 in each batch). */
let added = 0;

export async function addPeople(ctx: BenchContext, calls: number): Promise<string[]> {
  const ids: string[] = [];
  for (let call = 0; call < calls; call++) {
    // A fixture is not a measured call: the inviter's count starts again, so a long run's fixtures never meet the limit.
    await forgetRateCount('invitation', AS.conferenceAdmin);
    ids.push((await ctx.api<{ id: string }>(AS.conferenceAdmin, 'POST', '/api/admin/sign-up-user', newPerson(ctx, 'invitee', call, added++))).id);
  }
  await forgetRateCount('invitation', AS.conferenceAdmin);
  return ids;
}

export const ADMIN_CASES: Record<string, BenchCase> = {
  'admin.signUpUser': benchCase<BenchContext>({
    as: AS.conferenceAdmin,
    path: '/api/admin/sign-up-user',
    calls: ADD_CALLS,
    prepare: async (ctx) => ctx,
    each: (call, ctx) => ({ body: newPerson(ctx, 'added', call) }),
    cleanUp: (ctx, _prepared, responses) => deactivate(ctx, createdIds(responses)),
  }),
  'admin.reinviteUser': benchCase<string[]>({
    as: AS.conferenceAdmin,
    path: '/api/admin/reinvite-user',
    calls: ADD_CALLS,
    prepare: addPeople,
    each: (call, ids) => ({ body: { ids: [ids[call]] } }),
    cleanUp: deactivate,
  }),
  'admin.deactivateUser': benchCase<void>({
    as: AS.conferenceAdmin,
    path: '/api/admin/deactive-user',
    calls: TARGETS.length,
    each: (call) => ({ body: { ids: [TARGETS[call]] } }),
    cleanUp: async (ctx) => void (await setStatus('/api/admin/reactivate-user')(ctx)),
  }),
  'admin.reactivateUser': benchCase<void>({
    as: AS.conferenceAdmin,
    path: '/api/admin/reactivate-user',
    calls: TARGETS.length,
    prepare: async (ctx) => void (await setStatus('/api/admin/deactive-user')(ctx)),
    each: (call) => ({ body: { ids: [TARGETS[call]] } }),
  }),
};
