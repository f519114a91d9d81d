import { DEMO_LOCATION_IDS as ids } from '../../functions/db/seed/demo-organisation';
import { systemRoleByName } from '../../shared/auth/system-roles';
import { AS } from './accounts';
import { benchCase, type BenchCase } from './bench-case';

/**
 * Announcements administration, the bell's poll, publish and subscribe (issue 13). Writes work
 * on announcements made for the run and removed after it; an edit moves one announcement's
 * version, so it runs with one client. Publish sends to a role nobody holds in the district, so
 * its jobs notify nobody; subscribe toggles the participant's email choice on their version.
 */
const WRITE_CALLS = 30;
const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
const draft = (runId: string, call: number) => ({ title: `Bench ${call}`, message: `Bench ${runId} ${call}`, conferenceId: ids.conference1, startsAt: inAWeek() });

type Made = { id: string };

async function made(ctx: Parameters<NonNullable<BenchCase['prepare']>>[0], calls: number): Promise<string[]> {
  const created: string[] = [];
  for (let call = 0; call < calls; call++) created.push((await ctx.api<Made>(AS.conferenceAdmin, 'POST', '/api/announcement', draft(ctx.runId, call))).id);
  return created;
}

async function removeAll(ctx: Parameters<NonNullable<BenchCase['cleanUp']>>[0], announcementIds: readonly string[]) {
  for (const id of announcementIds) await ctx.api(AS.conferenceAdmin, 'DELETE', `/api/announcement/${id}`).catch(() => undefined);
}

export const ANNOUNCEMENT_CASES: Record<string, BenchCase> = {
  'announcement.list': { as: AS.conferenceAdmin, path: '/api/announcement', query: 'limit=10&offset=0' },
  'announcement.quickSearch': { as: AS.superadmin, path: '/api/announcement/quickSearch', query: 'limit=10&offset=0' },
  'announcement.get': benchCase<string[]>({
    as: AS.participant,
    path: '/api/announcement',
    prepare: async (ctx) => [(await ctx.api<Made>(AS.conferenceAdmin, 'POST', '/api/announcement', { ...draft(ctx.runId, 0), startsAt: new Date().toISOString() })).id],
    each: (_call, [id]) => ({ path: `/api/announcement/${id}` }),
    cleanUp: (ctx, prepared) => removeAll(ctx, prepared),
    singleItem: true,
  }),
  'announcement.create': benchCase<null>({
    as: AS.conferenceAdmin,
    method: 'POST',
    path: '/api/announcement',
    calls: WRITE_CALLS,
    each: (call) => ({ body: draft('create', call) }),
    cleanUp: (ctx, _prepared, responses) => removeAll(ctx, (responses as Made[]).map((response) => response.id)),
    singleItem: true,
  }),
  'announcement.updateById': benchCase<string[]>({
    as: AS.conferenceAdmin,
    method: 'PATCH',
    path: '/api/announcement',
    calls: WRITE_CALLS,
    concurrency: 1,
    prepare: (ctx) => made(ctx, 1),
    each: (call, [id]) => ({ path: `/api/announcement/${id}`, body: { message: `Edited ${call}`, version: call + 1 } }),
    cleanUp: (ctx, prepared) => removeAll(ctx, prepared),
    singleItem: true,
  }),
  'announcement.removeById': benchCase<string[]>({
    as: AS.conferenceAdmin,
    method: 'DELETE',
    path: '/api/announcement',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => made(ctx, calls),
    each: (call, created) => ({ path: `/api/announcement/${created[call]}` }),
    singleItem: true,
  }),
  'notification.unreadCount': { as: AS.participant, path: '/api/notification/unread-count', singleItem: true },
  'notification.publish': {
    as: AS.conferenceAdmin,
    method: 'POST',
    path: '/api/notification/publish',
    calls: WRITE_CALLS,
    body: { message: 'Bench publish', locationId: ids.district1, roleId: systemRoleByName('Bishop').id },
  },
  'notification.subscribe': benchCase<number>({
    as: AS.participant,
    method: 'POST',
    path: '/api/notification/subscribe',
    calls: WRITE_CALLS,
    concurrency: 1,
    prepare: async (ctx) => (await ctx.api<{ version: number }>(AS.participant, 'GET', `/api/user/user-profile-basic-info/${ctx.userId(AS.participant)}/true`)).version,
    each: (call, version) => ({ body: { emailNotificationsOptIn: call % 2 === 0, version: version + call } }),
    singleItem: true,
  }),
};
