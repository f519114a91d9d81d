import { DEMO_INSTANCE_IDS as ids } from '../../functions/db/seed/demo-tracks';
import { AS } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { createdIds } from './fixtures';
import { BENCH_TASK, cleanUpPhaseTracks, createTracks, deleteTracks, HOME, onFreshTracks, tracksWithPhases, tracksWithSteps, WRITE_CALLS } from './track-cases';

/**
 * The generic sets of track, phase and step (SPEC.md section 7): aliases of the calls in
 * track-cases.ts, each called on its own path with the same kind of fixture (one fresh track,
 * phase or step per write call, deleted with its track after).
 */
const BULK_CALLS = 10;
const BULK_SIZE = 5;
type Made = Array<{ trackId: string; phaseIds: string[] }>;
const newTrack = (name: string) => ({ name, description: 'Made by the benchmark', conferenceId: HOME });

/** A write on its own fresh track, phase or step (`made[call]`), the track deleted after. */
const onMade = (method: string, prepare: (ctx: BenchContext, calls: number) => Promise<Made>, request: (made: Made[number], call: number) => { path?: string; body?: unknown }) =>
  benchCase<Made>({ as: AS.conferenceAdmin, method, path: '/api', calls: WRITE_CALLS, prepare, each: (call, made) => request(made[call], call), cleanUp: cleanUpPhaseTracks, singleItem: true });
const withPhase = (label: string) => (ctx: BenchContext, calls: number) => tracksWithPhases(ctx, calls, label, 1);
const withStep = (label: string) => (ctx: BenchContext, calls: number) => tracksWithSteps(ctx, calls, label);
const withTrack = (label: string) => async (ctx: BenchContext, calls: number) => (await createTracks(ctx, calls, label)).map((trackId) => ({ trackId, phaseIds: [] }));
const stepEdit = { version: 1, name: 'Bench step edited', contents: [BENCH_TASK], actions: [{ type: 'Approval', name: 'Approve' }] };

const TRACK_GENERIC: Record<string, BenchCase> = {
  'track.count': { as: AS.conferenceAdmin, path: '/api/track/count', query: 'where[name]=cand', singleItem: true },
  'track.query': { as: AS.conferenceAdmin, method: 'POST', path: '/api/track/query', body: { where: {}, limit: 10, offset: 0 } },
  'track.search': { as: AS.conferenceAdmin, method: 'POST', path: '/api/track/search', body: { where: { name: 'cand' }, limit: 10 } },
  'track.createGeneric': benchCase<string>({
    as: AS.conferenceAdmin,
    path: '/api/track',
    calls: WRITE_CALLS,
    prepare: async (ctx) => ctx.runId,
    each: (call, runId) => ({ body: newTrack(`Bench generic track ${call} ${runId}`) }),
    cleanUp: (ctx, _, responses) => deleteTracks(ctx, createdIds(responses)),
    singleItem: true,
  }),
  'track.bulk': benchCase<string>({
    as: AS.conferenceAdmin,
    path: '/api/track/bulk',
    calls: BULK_CALLS,
    prepare: async (ctx) => ctx.runId,
    each: (call, runId) => ({ body: Array.from({ length: BULK_SIZE }, (_, i) => newTrack(`Bench bulk track ${call}-${i} ${runId}`)) }),
    cleanUp: (ctx, _, responses) => deleteTracks(ctx, createdIds(responses)),
  }),
  'track.updateById': onFreshTracks('updateById', 'PATCH', (id) => `/api/track/${id}`, { description: 'Edited by the benchmark', version: 1 }),
  'track.updateGeneric': onMade('PATCH', withTrack('updateGeneric'), ({ trackId }) => ({ path: '/api/track', body: { id: trackId, description: 'Edited by the benchmark', version: 1 } })),
  'track.removeById': onFreshTracks('removeById', 'DELETE', (id) => `/api/track/${id}`, undefined, false),
  'track.removeGeneric': benchCase<string[]>({
    as: AS.conferenceAdmin,
    method: 'DELETE',
    path: '/api/track',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => createTracks(ctx, calls, 'removeGeneric'),
    each: (call, trackIds) => ({ body: { id: trackIds[call] } }),
    singleItem: true,
  }),
};

const PHASE_GENERIC: Record<string, BenchCase> = {
  'phase.quickSearch': { as: AS.participant, path: '/api/phase/quickSearch', query: `where[trackTemplateId]=${ids.trackTemplate}&limit=10&offset=0` },
  'phase.count': { as: AS.participant, path: '/api/phase/count', query: `where[trackTemplateId]=${ids.trackTemplate}`, singleItem: true },
  'phase.query': { as: AS.participant, method: 'POST', path: '/api/phase/query', body: { where: { trackTemplateId: ids.trackTemplate }, limit: 10, offset: 0 } },
  'phase.search': { as: AS.participant, method: 'POST', path: '/api/phase/search', body: { where: { trackTemplateId: ids.trackTemplate, name: 'dis' }, limit: 10 } },
  'phase.get': { as: AS.participant, path: `/api/phase/${ids.discernmentPhase}`, singleItem: true },
  'phase.createGeneric': onMade('POST', withTrack('phase generic'), ({ trackId }, call) => ({ path: '/api/phase', body: { trackTemplateId: trackId, name: `Bench phase ${call}` } })),
  'phase.bulk': benchCase<Made>({
    as: AS.conferenceAdmin,
    path: '/api/phase/bulk',
    calls: BULK_CALLS,
    prepare: withTrack('phase bulk'),
    each: (call, made) => ({ body: Array.from({ length: BULK_SIZE }, (_, i) => ({ trackTemplateId: made[call].trackId, name: `Bench phase ${i}` })) }),
    cleanUp: cleanUpPhaseTracks,
  }),
  'phase.updateById': onMade('PATCH', withPhase('phase updateById'), ({ phaseIds }) => ({ path: `/api/phase/${phaseIds[0]}`, body: { name: 'Bench phase edited', version: 1 } })),
  'phase.updateGeneric': onMade('PATCH', withPhase('phase updateGeneric'), ({ phaseIds }) => ({ path: '/api/phase', body: { id: phaseIds[0], name: 'Bench phase edited', version: 1 } })),
  'phase.removeById': onMade('DELETE', withPhase('phase removeById'), ({ phaseIds }) => ({ path: `/api/phase/${phaseIds[0]}` })),
  'phase.removeGeneric': onMade('DELETE', withPhase('phase removeGeneric'), ({ phaseIds }) => ({ path: '/api/phase', body: { id: phaseIds[0] } })),
};

const STEP_GENERIC: Record<string, BenchCase> = {
  'step.quickSearch': { as: AS.conferenceAdmin, path: '/api/step/quickSearch', query: `where[phaseId]=${ids.discernmentPhase}&limit=10&offset=0` },
  'step.count': { as: AS.conferenceAdmin, path: '/api/step/count', query: `where[phaseId]=${ids.discernmentPhase}`, singleItem: true },
  'step.query': { as: AS.conferenceAdmin, method: 'POST', path: '/api/step/query', body: { where: { phaseId: ids.discernmentPhase }, limit: 10, offset: 0 } },
  'step.search': { as: AS.conferenceAdmin, method: 'POST', path: '/api/step/search', body: { where: { phaseId: ids.discernmentPhase, name: 'up' }, limit: 10 } },
  'step.get': { as: AS.participant, path: `/api/step/${ids.callStoryTemplate}`, singleItem: true },
  'step.create': onMade('POST', withPhase('step generic'), ({ phaseIds }, call) => ({ path: '/api/step', body: { phaseId: phaseIds[0], name: `Bench step ${call}`, contents: [BENCH_TASK], actions: [{ type: 'Approval', name: 'Approve' }] } })),
  // Starts the job (202): BULK_SIZE steps for a phase of its own each call; the local runtime adds them beside the timed calls.
  'step.bulk': onMade('POST', withPhase('step bulk'), ({ phaseIds }) => ({
    path: '/api/step/bulk',
    body: Array.from({ length: BULK_SIZE }, (_, i) => ({ phaseId: phaseIds[0], name: `Bench bulk step ${i}`, contents: [BENCH_TASK], actions: [{ type: 'Approval', name: 'Approve' }] })),
  })),
  'step.updateById': onMade('PATCH', withStep('step updateById'), ({ phaseIds }) => ({ path: `/api/step/${phaseIds[1]}`, body: stepEdit })),
  'step.update': onMade('PATCH', withStep('step update generic'), ({ phaseIds }) => ({ path: '/api/step', body: { id: phaseIds[1], ...stepEdit } })),
};

export const TEMPLATE_GENERIC_CASES: Record<string, BenchCase> = { ...TRACK_GENERIC, ...PHASE_GENERIC, ...STEP_GENERIC };
