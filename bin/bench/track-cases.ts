import { DEMO_INSTANCE_IDS } from '../../functions/db/seed/demo-tracks';
import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { AS } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { createdIds, forEachConcurrently } from './fixtures';

/** Track template routes. Writes work on tracks made for the run (one per call: edits are versioned) and delete them after. */
const WRITE_CALLS = 50;
const HOME = DEMO_LOCATION_IDS.conference1;

async function createTracks(ctx: BenchContext, count: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let call = 0; call < count; call++) {
    const body = { name: `Bench ${label} ${call} ${ctx.runId}`, description: 'Made by the benchmark', conferenceId: HOME };
    ids.push((await ctx.api<{ id: string }>(AS.conferenceAdmin, 'POST', '/api/track/create-track-template', body)).id);
  }
  return ids;
}

async function deleteTracks(ctx: BenchContext, ids: string[]): Promise<void> {
  await forEachConcurrently(ids, (id) => ctx.api(AS.conferenceAdmin, 'POST', `/api/track/delete-track/${id}`));
}

const onFreshTracks = (label: string, method: string, path: (id: string) => string, body?: unknown, cleanUp = true) =>
  benchCase<string[]>({
    as: AS.conferenceAdmin,
    method,
    path: '/api/track',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => createTracks(ctx, calls, label),
    each: (call, ids) => ({ path: path(ids[call]), body }),
    ...(cleanUp ? { cleanUp: deleteTracks } : {}),
    singleItem: true,
  });

export const TRACK_CASES: Record<string, BenchCase> = {
  'track.create': benchCase<string>({
    as: AS.conferenceAdmin,
    method: 'POST',
    path: '/api/track/create-track-template',
    calls: WRITE_CALLS,
    prepare: async (ctx) => ctx.runId,
    each: (call, runId) => ({ body: { name: `Bench new track ${call} ${runId}`, description: 'Made by the benchmark', conferenceId: HOME } }),
    cleanUp: (ctx, _, responses) => deleteTracks(ctx, createdIds(responses)),
    singleItem: true,
  }),
  'track.update': onFreshTracks('update', 'PATCH', (id) => `/api/track/update-track-template/${id}`, { description: 'Edited by the benchmark', version: 1 }),
  'track.deactivate': onFreshTracks('deactivate', 'POST', (id) => `/api/track/deactivate-track/${id}`),
  'track.reactivate': onFreshTracks('reactivate', 'POST', (id) => `/api/track/reactivate-track/${id}`),
  'track.remove': onFreshTracks('remove', 'POST', (id) => `/api/track/delete-track/${id}`, undefined, false),
  'track.trackTemplate': { as: AS.conferenceAdmin, path: `/api/track/track-template/${DEMO_INSTANCE_IDS.trackTemplate}`, singleItem: true },
  'track.isSystemTrackWithCopies': { as: AS.conferenceAdmin, path: `/api/track/is-system-track-with-copies/${DEMO_INSTANCE_IDS.systemTrack}`, singleItem: true },
  'track.byConference': { as: AS.conferenceAdmin, path: '/api/track/track-templates/conference/0' },
  'track.quickSearch': { as: AS.conferenceAdmin, path: '/api/track/quickSearch', query: 'limit=10&offset=0' },
};
