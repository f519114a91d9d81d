import { DEMO_INSTANCE_IDS } from '../../functions/db/seed/demo-tracks';
import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import type { ErasurePreview } from '../../shared/api/user-erasure';
import type { LegalHoldView, RetentionPolicyView } from '../../shared/schemas/retention';
import { AS, demoUserId } from './accounts';
import { addPeople, deactivate } from './admin-cases';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { forEachConcurrently, underRateLimit } from './fixtures';
import { jobResults, succeededJob } from './track-cases';

/**
 * People's records and the conference's record keeping (issue 25): undo merge, data export,
 * erasure, retention periods, legal holds, the read-access log and the organisation audit export.
 * People's records as the superadmin, the conference's as the demo conference admin. A merge
 * undone, an export started, an erasure or a hold each consumes its person: those writes work on
 * people added for the run, one per call, deactivated after; a link or a hold read works on one
 * prepared the same way. The retention save goes one version after another on the demo conference.
 */
const WRITE_CALLS = 20;
const conference = DEMO_LOCATION_IDS.conference1;
const participant = demoUserId(AS.participant);
const retention = `/api/conference/retention/${conference}`;
const holdOf = (userId: string) => `/api/conference/legal-holds/User/${userId}`;

interface MergedPair {
  from: string;
  to: string;
}

/** `count` pairs of people added for the run, the first of each merged into the second, its job finished (undo refuses while one moves). */
async function mergedPairs(ctx: BenchContext, count: number): Promise<MergedPair[]> {
  const userIds = await addPeople(ctx, count * 2);
  const pairs = Array.from({ length: count }, (_, n) => ({ from: userIds[2 * n], to: userIds[2 * n + 1] }));
  const started: unknown[] = [];
  // addPeople names its n-th person "Bench invitee n": the kept name is the second one's.
  for (const [n, pair] of pairs.entries()) started.push(await ctx.api(AS.superadmin, 'PATCH', '/api/user/user-profile/merge', { fromUserId: pair.from, toUserId: pair.to, firstName: 'Bench', lastName: `invitee ${2 * n + 1}` }));
  if ((await jobResults(ctx, started, AS.superadmin)).length < count) throw new Error('A merge of the fixture did not finish');
  return pairs;
}

/** People added for the run, each under a legal hold placed by the demo conference admin. */
async function heldPeople(ctx: BenchContext, count: number): Promise<string[]> {
  const userIds = await addPeople(ctx, count);
  await forEachConcurrently(userIds, (userId) => ctx.api(AS.conferenceAdmin, 'POST', holdOf(userId), { reason: 'Held by the benchmark', version: 0 }));
  return userIds;
}

/** Lifts the holds still on these people, then deactivates them. */
async function releaseHeld(ctx: BenchContext, userIds: string[]): Promise<void> {
  await forEachConcurrently(userIds, async (userId) => {
    const hold = await ctx.api<LegalHoldView | null>(AS.conferenceAdmin, 'GET', holdOf(userId));
    if (hold?.active) await ctx.api(AS.conferenceAdmin, 'POST', `${holdOf(userId)}/lift`, { version: hold.version });
  });
  await deactivate(ctx, userIds);
}

/** People added for the run with what their erasure must confirm (the full name and version its preview shows). */
async function erasable(ctx: BenchContext, count: number): Promise<ErasurePreview[]> {
  const userIds = await addPeople(ctx, count);
  const previews = new Map<string, ErasurePreview>();
  await forEachConcurrently(userIds, async (userId) => previews.set(userId, await ctx.api<ErasurePreview>(AS.superadmin, 'GET', `/api/user/user-profile/${userId}/erasure`)));
  return userIds.map((userId) => previews.get(userId)!);
}

export const RECORDS_CASES: Record<string, BenchCase> = {
  // The kept person of a merge made for the run: their profile offers Undo merge.
  'user.mergeUndoState': benchCase<MergedPair[]>({
    as: AS.superadmin,
    path: '/api/user/user-profile/{id}/merge-undo',
    prepare: (ctx) => mergedPairs(ctx, 1),
    each: (_call, [pair]) => ({ path: `/api/user/user-profile/${pair.to}/merge-undo` }),
    cleanUp: (ctx, [pair]) => deactivate(ctx, [pair.to]),
    singleItem: true,
  }),
  'user.undoMerge': benchCase<MergedPair[]>({
    as: AS.superadmin,
    method: 'PATCH',
    path: '/api/user/user-profile/merge/undo',
    calls: WRITE_CALLS,
    prepare: mergedPairs,
    each: (call, pairs) => ({ body: { fromUserId: pairs[call].from } }),
    cleanUp: async (ctx, pairs, responses) => {
      await jobResults(ctx, responses, AS.superadmin);
      await deactivate(ctx, pairs.flatMap((pair) => [pair.from, pair.to]));
    },
    singleItem: true,
  }),
  // One export per person and requester runs at a time: each call exports a person of its own.
  'user.startDataExport': benchCase<string[]>({
    as: AS.superadmin,
    path: '/api/user/{userId}/data-export',
    calls: WRITE_CALLS,
    prepare: addPeople,
    each: (call, userIds) => ({ path: `/api/user/${userIds[call]}/data-export` }),
    cleanUp: async (ctx, userIds, responses) => {
      await jobResults(ctx, responses, AS.superadmin);
      await deactivate(ctx, userIds);
    },
    singleItem: true,
  }),
  // The superadmin's finished export of the demo participant: each link is recorded in the participant's read-access log.
  'user.dataExportLink': benchCase<void>({
    as: AS.superadmin,
    path: `/api/user/${participant}/data-export/link`,
    prepare: async (ctx) => succeededJob(ctx, (await ctx.api<{ jobId: string }>(AS.superadmin, 'POST', `/api/user/${participant}/data-export`)).jobId, AS.superadmin),
    singleItem: true,
  }),
  // The demo participant: an open enrolment keeps them, so the preview names it.
  'user.erasurePreview': { as: AS.superadmin, path: `/api/user/user-profile/${participant}/erasure`, singleItem: true },
  'user.erase': benchCase<ErasurePreview[]>({
    as: AS.superadmin,
    path: '/api/user/user-profile/{id}/erase',
    calls: WRITE_CALLS,
    prepare: erasable,
    each: (call, previews) => ({ path: `/api/user/user-profile/${previews[call].userId}/erase`, body: { fullName: previews[call].fullName, version: previews[call].version } }),
    // Erased people are inactive already: the jobs remove the rest.
    cleanUp: (ctx, _previews, responses) => jobResults(ctx, responses, AS.superadmin).then(() => undefined),
    singleItem: true,
  }),
  'conference.retentionPolicy': { as: AS.conferenceAdmin, path: retention, singleItem: true },
  // One save after another on the demo conference's policy (call n on the version read plus n), each changing a period; clean-up puts the periods back.
  'conference.updateRetentionPolicy': benchCase<RetentionPolicyView>({
    as: AS.conferenceAdmin,
    method: 'PUT',
    path: retention,
    calls: WRITE_CALLS,
    concurrency: 1,
    prepare: (ctx) => ctx.api<RetentionPolicyView>(AS.conferenceAdmin, 'GET', retention),
    each: (call, policy) => ({ body: { periods: { ...policy.periods, withdrawn: policy.periods.withdrawn + (call % 2 ? 0 : 1) }, version: policy.version + call } }),
    cleanUp: async (ctx, policy) => {
      const { version } = await ctx.api<RetentionPolicyView>(AS.conferenceAdmin, 'GET', retention);
      await ctx.api(AS.conferenceAdmin, 'PUT', retention, { periods: policy.periods, version });
    },
    singleItem: true,
  }),
  'conference.retentionPreview': { as: AS.conferenceAdmin, path: `${retention}/preview`, query: 'limit=25' },
  // With one hold in force, on a person added for the run.
  'conference.legalHolds': benchCase<string[]>({
    as: AS.conferenceAdmin,
    path: `${retention}/holds`,
    query: 'limit=25',
    prepare: (ctx) => heldPeople(ctx, 1),
    cleanUp: releaseHeld,
  }),
  'conference.legalHold': benchCase<string[]>({
    as: AS.conferenceAdmin,
    path: '/api/conference/legal-holds/User/{recordId}',
    prepare: (ctx) => heldPeople(ctx, 1),
    each: (_call, [userId]) => ({ path: holdOf(userId) }),
    cleanUp: releaseHeld,
    singleItem: true,
  }),
  'conference.placeLegalHold': benchCase<string[]>({
    as: AS.conferenceAdmin,
    path: '/api/conference/legal-holds/User/{recordId}',
    calls: WRITE_CALLS,
    prepare: addPeople,
    each: (call, userIds) => ({ path: holdOf(userIds[call]), body: { reason: 'Held by the benchmark', version: 0 } }),
    cleanUp: releaseHeld,
    singleItem: true,
  }),
  'conference.liftLegalHold': benchCase<string[]>({
    as: AS.conferenceAdmin,
    path: '/api/conference/legal-holds/User/{recordId}/lift',
    calls: WRITE_CALLS,
    prepare: heldPeople,
    each: (call, userIds) => ({ path: `${holdOf(userIds[call])}/lift`, body: { version: 1 } }),
    cleanUp: deactivate,
    singleItem: true,
  }),
  // The demo participant's log, with a few reads recorded first (their documents as the conference admin, their questionnaire as the advisor).
  'audit.readLog': benchCase<void>({
    as: AS.conferenceAdmin,
    path: `/api/audit/read-log/${participant}`,
    query: 'limit=25',
    prepare: async (ctx) => {
      await ctx.api(AS.conferenceAdmin, 'GET', `/api/file/${participant}/files?limit=10&offset=0`);
      await ctx.api(AS.advisor, 'GET', `/api/form/form-instance/${DEMO_INSTANCE_IDS.questionnaireForm}`);
      await ctx.api(AS.advisor, 'GET', `/api/step/step-instance/${DEMO_INSTANCE_IDS.interviewStep}`);
    },
  }),
  // The demo conference's trail, small enough to come in the answer.
  'audit.organisationExport': underRateLimit('auditExport', { as: AS.conferenceAdmin, path: '/api/audit/organisation/export', query: `scopeId=${conference}&format=csv` }),
};
