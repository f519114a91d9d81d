import { DEMO_GROUP_IDS } from '../../functions/db/seed/demo-groups';
import { DEMO_INSTANCE_IDS as ids } from '../../functions/db/seed/demo-tracks';
import { AS, demoUserId } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { forEachConcurrently } from './fixtures';
import { createTracks, deleteTracks, HOME } from './track-cases';

/**
 * Interview groups. Reads: the demo track's groups as the demo conference admin. Writes: each
 * call on a track of its own made for the run (a group write also counts the track's groups,
 * so writes on one track would only collide), holding one group with the demo interviewer for
 * edits and removals; the tracks are deleted after, their groups with them.
 */
const WRITE_CALLS = 30;
const BULK_CALLS = 10;
const BULK_SIZE = 5;
const members = [{ id: demoUserId(AS.interviewer) }];
const group = (trackTemplateId: string, name: string) => ({ trackTemplateId, name, description: 'Made by the benchmark', conferenceId: HOME, users: members });
const listWhere = `where[trackTemplateId]=${ids.trackTemplate}`;

interface Groups {
  trackIds: string[];
  groupIds: string[];
}

async function tracksWithGroups(ctx: BenchContext, calls: number, label: string): Promise<Groups> {
  const trackIds = await createTracks(ctx, calls, label);
  const groupIds = new Map<string, string>();
  await forEachConcurrently(trackIds, async (trackId) => groupIds.set(trackId, (await ctx.api<{ id: string }>(AS.conferenceAdmin, 'POST', '/api/user-group', group(trackId, 'Bench panel'))).id));
  return { trackIds, groupIds: trackIds.map((trackId) => groupIds.get(trackId)!) };
}

const onGroups = (label: string, method: string, request: (groupId: string) => { path: string; body?: unknown }) =>
  benchCase<Groups>({
    as: AS.conferenceAdmin,
    method,
    path: '/api/user-group',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => tracksWithGroups(ctx, calls, label),
    each: (call, made) => request(made.groupIds[call]),
    cleanUp: (ctx, made) => deleteTracks(ctx, made.trackIds),
    singleItem: true,
  });

const onTracks = (label: string, path: string, calls: number, body: (trackId: string, call: number) => unknown, singleItem: boolean) =>
  benchCase<string[]>({
    as: AS.conferenceAdmin,
    path,
    calls,
    prepare: (ctx, count) => createTracks(ctx, count, label),
    each: (call, trackIds) => ({ body: body(trackIds[call], call) }),
    cleanUp: deleteTracks,
    singleItem,
  });

const edit = { name: 'Bench panel edited', description: 'Edited by the benchmark', conferenceId: HOME, users: members, version: 1 };

export const USER_GROUP_CASES: Record<string, BenchCase> = {
  'user-group.list': { as: AS.conferenceAdmin, path: '/api/user-group', query: `${listWhere}&limit=10&offset=0` },
  'user-group.quickSearch': { as: AS.conferenceAdmin, path: '/api/user-group/quickSearch', query: `${listWhere}&limit=10&offset=0&isQuickSearch=true` },
  'user-group.count': { as: AS.conferenceAdmin, path: '/api/user-group/count', query: listWhere, singleItem: true },
  'user-group.query': { as: AS.conferenceAdmin, method: 'POST', path: '/api/user-group/query', body: { where: { trackTemplateId: ids.trackTemplate }, limit: 10, offset: 0 } },
  'user-group.search': { as: AS.conferenceAdmin, method: 'POST', path: '/api/user-group/search', body: { where: { trackTemplateId: ids.trackTemplate, name: 'cand' }, limit: 10 } },
  'user-group.get': { as: AS.conferenceAdmin, path: `/api/user-group/${DEMO_GROUP_IDS.candidacyPanel}`, singleItem: true },
  'user-group.create': onTracks('group create', '/api/user-group', WRITE_CALLS, (trackId, call) => group(trackId, `Bench panel ${call}`), true),
  'user-group.bulk': onTracks('group bulk', '/api/user-group/bulk', BULK_CALLS, (trackId) => Array.from({ length: BULK_SIZE }, (_, i) => group(trackId, `Bench panel ${i}`)), false),
  'user-group.updateById': onGroups('group updateById', 'PATCH', (groupId) => ({ path: `/api/user-group/${groupId}`, body: edit })),
  'user-group.update': onGroups('group update', 'PATCH', (groupId) => ({ path: '/api/user-group', body: { id: groupId, ...edit } })),
  'user-group.removeById': onGroups('group removeById', 'DELETE', (groupId) => ({ path: `/api/user-group/${groupId}` })),
  'user-group.remove': onGroups('group remove', 'DELETE', (groupId) => ({ path: '/api/user-group', body: { id: groupId } })),
};
