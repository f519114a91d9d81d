import { DEMO_INSTANCE_IDS } from '../../functions/db/seed/demo-tracks';
import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { AS } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { createdIds, forEachConcurrently } from './fixtures';

/** Track template routes. Writes work on tracks made for the run (one per call: edits are versioned) and delete them after. */
export const WRITE_CALLS = 50;
export const HOME = DEMO_LOCATION_IDS.conference1;

export async function createTracks(ctx: BenchContext, count: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let call = 0; call < count; call++) {
    const body = { name: `Bench ${label} ${call} ${ctx.runId}`, description: 'Made by the benchmark', conferenceId: HOME };
    ids.push((await ctx.api<{ id: string }>(AS.conferenceAdmin, 'POST', '/api/track/create-track-template', body)).id);
  }
  return ids;
}

export async function deleteTracks(ctx: BenchContext, ids: string[]): Promise<void> {
  await forEachConcurrently(ids, (id) => ctx.api(AS.conferenceAdmin, 'POST', `/api/track/delete-track/${id}`));
}

export const onFreshTracks = (label: string, method: string, path: (id: string) => string, body?: unknown, cleanUp = true) =>
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

const COPY_CALLS = 20;
const JOB_WAIT_MS = 250;
const JOB_WAIT_ROUNDS = 240;

/** Waits for the jobs the calls started; answers the results of those that succeeded. */
export async function jobResults(ctx: BenchContext, responses: unknown[], as: string = AS.conferenceAdmin, rounds = JOB_WAIT_ROUNDS): Promise<Array<{ trackTemplateId?: string }>> {
  const jobIds = responses.map((response) => (response as { jobId?: string } | null)?.jobId).filter((id): id is string => Boolean(id));
  const results: Array<{ trackTemplateId?: string }> = [];
  await forEachConcurrently(jobIds, async (jobId) => {
    for (let round = 0; round < rounds; round++) {
      const job = await ctx.api<{ status: string; result?: { trackTemplateId?: string } }>(as, 'GET', `/api/job/${jobId}`);
      if (job.status === 'failed') return;
      if (job.status === 'succeeded') {
        results.push(job.result ?? {});
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, JOB_WAIT_MS));
    }
  });
  return results;
}

/** Waits for one job a fixture started (`waitMs`: longer behind a large fixture's stream backlog); throws unless it succeeded (a download link needs its file). */
export async function succeededJob(ctx: BenchContext, jobId: string, as: string, waitMs = JOB_WAIT_MS * JOB_WAIT_ROUNDS): Promise<void> {
  if ((await jobResults(ctx, [{ jobId }], as, Math.ceil(waitMs / JOB_WAIT_MS))).length) return;
  const job = await ctx.api<{ status: string; done: number; total: number | null; error?: string }>(as, 'GET', `/api/job/${jobId}`);
  throw new Error(`The fixture's job ${jobId} did not succeed: ${job.status}, ${job.done} of ${job.total ?? '?'} done${job.error ? `: ${job.error}` : ''}`);
}

/** Deletes the tracks the copy jobs made (a copy shows only once its job succeeded). */
async function deleteCopies(ctx: BenchContext, responses: unknown[]): Promise<void> {
  const made = (await jobResults(ctx, responses)).flatMap((result) => (result.trackTemplateId ? [result.trackTemplateId] : []));
  await deleteTracks(ctx, made);
}

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
  'track.copy': benchCase<string>({
    as: AS.conferenceAdmin,
    method: 'POST',
    path: `/api/track/copy-track/${DEMO_INSTANCE_IDS.systemTrack}/${HOME}`,
    calls: COPY_CALLS,
    prepare: async (ctx) => ctx.runId,
    each: (call, runId) => ({ body: { name: `Bench copy ${call} ${runId}`, description: 'Copied by the benchmark' } }),
    cleanUp: (ctx, _, responses) => deleteCopies(ctx, responses),
    singleItem: true,
  }),
  'track.importTemplate': benchCase<string>({
    as: AS.conferenceAdmin,
    method: 'POST',
    path: `/api/track/import-track-template/track-template/${DEMO_INSTANCE_IDS.trackTemplate}/conference/${HOME}`,
    calls: COPY_CALLS,
    prepare: async (ctx) => ctx.runId,
    each: (call, runId) => ({ body: { name: `Bench import ${call} ${runId}`, description: 'Imported by the benchmark' } }),
    cleanUp: (ctx, _, responses) => deleteCopies(ctx, responses),
    singleItem: true,
  }),
  'track.trackTemplate': { as: AS.conferenceAdmin, path: `/api/track/track-template/${DEMO_INSTANCE_IDS.trackTemplate}`, singleItem: true },
  'track.isSystemTrackWithCopies': { as: AS.conferenceAdmin, path: `/api/track/is-system-track-with-copies/${DEMO_INSTANCE_IDS.systemTrack}`, singleItem: true },
  'track.byConference': { as: AS.conferenceAdmin, path: '/api/track/track-templates/conference/0' },
  'track.assignedTracks': { as: AS.advisor, path: '/api/track/assigned-tracks' },
  'track.quickSearch': { as: AS.conferenceAdmin, path: '/api/track/quickSearch', query: 'limit=10&offset=0' },
  // The generic reads: the same reads as the calls above.
  'track.list': { as: AS.conferenceAdmin, path: '/api/track', query: 'limit=10&offset=0' },
  'track.get': { as: AS.conferenceAdmin, path: `/api/track/${DEMO_INSTANCE_IDS.trackTemplate}`, singleItem: true },
};

export async function tracksWithPhases(ctx: BenchContext, count: number, label: string, phasesEach: number): Promise<Array<{ trackId: string; phaseIds: string[] }>> {
  const trackIds = await createTracks(ctx, count, label);
  const made: Array<{ trackId: string; phaseIds: string[] }> = [];
  for (const trackId of trackIds) {
    const phaseIds: string[] = [];
    for (let order = 1; order <= phasesEach; order++) {
      phaseIds.push((await ctx.api<{ id: string }>(AS.conferenceAdmin, 'POST', '/api/phase/create-phase', { trackTemplateId: trackId, name: `Phase ${order}` })).id);
    }
    made.push({ trackId, phaseIds });
  }
  return made;
}

export const cleanUpPhaseTracks = (ctx: BenchContext, made: Array<{ trackId: string }>) => deleteTracks(ctx, made.map((m) => m.trackId));

/** Phase routes: each write works on a track of its own (the phase list of one track is serialised by design). */
export const PHASE_CASES: Record<string, BenchCase> = {
  'phase.create': benchCase<string[]>({
    as: AS.conferenceAdmin,
    method: 'POST',
    path: '/api/phase/create-phase',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => createTracks(ctx, calls, 'phase create'),
    each: (call, ids) => ({ body: { trackTemplateId: ids[call], name: `Bench phase ${call}` } }),
    cleanUp: deleteTracks,
    singleItem: true,
  }),
  'phase.update': benchCase<Array<{ trackId: string; phaseIds: string[] }>>({
    as: AS.conferenceAdmin,
    method: 'POST',
    path: '/api/phase/update-phase',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => tracksWithPhases(ctx, calls, 'phase update', 1),
    each: (call, made) => ({ body: { id: made[call].phaseIds[0], name: 'Bench phase edited', version: 1 } }),
    cleanUp: cleanUpPhaseTracks,
    singleItem: true,
  }),
  'phase.updateOrder': benchCase<Array<{ trackId: string; phaseIds: string[] }>>({
    as: AS.conferenceAdmin,
    method: 'POST',
    path: '/api/phase/update-phase-order',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => tracksWithPhases(ctx, calls, 'phase order', 2),
    each: (call, made) => ({ body: { phaseId: made[call].phaseIds[1], direction: 'LEFT' } }),
    cleanUp: cleanUpPhaseTracks,
  }),
  'phase.remove': benchCase<Array<{ trackId: string; phaseIds: string[] }>>({
    as: AS.conferenceAdmin,
    method: 'DELETE',
    path: '/api/phase/delete-phase',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => tracksWithPhases(ctx, calls, 'phase remove', 3),
    each: (call, made) => ({ path: `/api/phase/delete-phase/${made[call].phaseIds[0]}` }),
    cleanUp: cleanUpPhaseTracks,
    singleItem: true,
  }),
  'phase.importPhase': benchCase<string[]>({
    as: AS.conferenceAdmin,
    method: 'POST',
    path: '/api/phase/import-phase',
    calls: COPY_CALLS,
    prepare: (ctx, calls) => createTracks(ctx, calls, 'phase import'),
    each: (call, ids) => ({ path: `/api/phase/import-phase/phase/${DEMO_INSTANCE_IDS.systemPhase}/track-template/${ids[call]}` }),
    cleanUp: async (ctx, ids, responses) => {
      await jobResults(ctx, responses);
      await deleteTracks(ctx, ids);
    },
    singleItem: true,
  }),
  'phase.getPhase': { as: AS.participant, path: `/api/phase/get-phase/${DEMO_INSTANCE_IDS.discernmentPhase}`, singleItem: true },
  'phase.getPhases': { as: AS.participant, path: `/api/phase/get-phases/${DEMO_INSTANCE_IDS.discernmentPhase},${DEMO_INSTANCE_IDS.formationPhase}` },
  'phase.byTrack': { as: AS.participant, path: `/api/phase/get-phases/track-template/${DEMO_INSTANCE_IDS.trackTemplate}` },
  'phase.list': { as: AS.participant, path: '/api/phase', query: `where[trackTemplateId]=${DEMO_INSTANCE_IDS.trackTemplate}` },
};

export interface AttachedStep {
  trackId: string;
  stepId: string;
  key: string;
}

/** A fresh track whose one step holds one attached file, uploaded as the browser does. */
export async function trackWithAttachment(ctx: BenchContext, label: string): Promise<AttachedStep> {
  const [{ trackId, phaseIds }] = await tracksWithPhases(ctx, 1, label, 1);
  const content = '%PDF bench attachment';
  const grant = await ctx.api<{ file: { key: string }; upload: { url: string; fields: Record<string, string> } }>(AS.conferenceAdmin, 'POST', '/api/file/upload', {
    target: { type: 'stepAttachment', phaseId: phaseIds[0] },
    name: 'bench.pdf',
    size: content.length,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.upload.fields)) form.append(name, value);
  form.append('file', new Blob([content]));
  await fetch(grant.upload.url, { method: 'POST', body: form });
  await ctx.api(AS.conferenceAdmin, 'POST', `/api/file/files/${grant.file.key}/confirm`);
  const step = await ctx.api<{ id: string }>(AS.conferenceAdmin, 'POST', '/api/step/template/create-step-template', {
    phaseId: phaseIds[0],
    name: 'Bench attachment step',
    contents: [{ type: 'Task', name: 'Task', task: { name: 'Read', description: 'The attachment' } }],
    attachments: [{ key: grant.file.key }],
  });
  return { trackId, stepId: step.id, key: grant.file.key };
}

export const BENCH_TASK = { type: 'Task', name: 'Task', task: { name: 'Write', description: 'One page' } };

/** One fresh track per call with one phase and one step; the step's id follows the phase's in `phaseIds`. */
export async function tracksWithSteps(ctx: BenchContext, count: number, label: string): Promise<Array<{ trackId: string; phaseIds: string[] }>> {
  const made = await tracksWithPhases(ctx, count, label, 1);
  for (const entry of made) entry.phaseIds.push((await ctx.api<{ id: string }>(AS.conferenceAdmin, 'POST', '/api/step/template/create-step-template', { phaseId: entry.phaseIds[0], name: 'Bench step', contents: [BENCH_TASK] })).id);
  return made;
}

/** Step routes: each create works on a phase of its own (a phase's step changes are serialised by design). */
export const STEP_CASES: Record<string, BenchCase> = {
  'step.createStepTemplate': benchCase<Array<{ trackId: string; phaseIds: string[] }>>({
    as: AS.conferenceAdmin,
    method: 'POST',
    path: '/api/step/template/create-step-template',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => tracksWithPhases(ctx, calls, 'step create', 1),
    each: (call, made) => ({
      body: {
        phaseId: made[call].phaseIds[0],
        name: `Bench step ${call}`,
        contents: [{ type: 'Task', name: 'Task', task: { name: 'Write', description: 'One page' } }, { type: 'Upload', name: 'File', upload: { name: 'File', instructions: 'Any file' } }],
        actions: [{ type: 'Signature', name: 'Sign' }, { type: 'Approval', name: 'Approve' }],
      },
    }),
    cleanUp: cleanUpPhaseTracks,
    singleItem: true,
  }),
  'step.updatePrerequisites': {
    as: AS.conferenceAdmin,
    method: 'POST',
    path: `/api/step/update-step-template-prerequisites/${DEMO_INSTANCE_IDS.transcriptTemplate}`,
    body: { prerequisites: [] },
    concurrency: 1,
    singleItem: true,
  },
  'step.updateStepTemplate': benchCase<Array<{ trackId: string; phaseIds: string[] }>>({
    as: AS.conferenceAdmin,
    method: 'POST',
    path: '/api/step/update-step-template',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => tracksWithSteps(ctx, calls, 'step update'),
    each: (call, made) => ({ body: { id: made[call].phaseIds[1], version: 1, name: 'Bench step edited', contents: [BENCH_TASK], actions: [{ type: 'Approval', name: 'Approve' }] } }),
    cleanUp: cleanUpPhaseTracks,
    singleItem: true,
  }),
  'step.createFromImport': benchCase<Array<{ trackId: string; phaseIds: string[] }>>({
    as: AS.conferenceAdmin,
    method: 'POST',
    path: '/api/step/create-step-template-from-import',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => tracksWithPhases(ctx, calls, 'step import', 1),
    each: (call, made) => ({ body: { phase: made[call].phaseIds[0], step: DEMO_INSTANCE_IDS.systemStep } }),
    cleanUp: cleanUpPhaseTracks,
    singleItem: true,
  }),
  'step.importableSteps': { as: AS.conferenceAdmin, path: `/api/step/import-step-templates/phase/${DEMO_INSTANCE_IDS.discernmentPhase}` },
  'step.stepTemplate': { as: AS.participant, path: `/api/step/step-template/${DEMO_INSTANCE_IDS.questionnaireTemplate}`, singleItem: true },
  'step.list': { as: AS.conferenceAdmin, path: '/api/step', query: `where[phaseId]=${DEMO_INSTANCE_IDS.discernmentPhase}` },
  // One step of a fresh track with one attached file (uploaded as the browser does); every call signs its link.
  'step.attachment': benchCase<AttachedStep>({
    as: AS.conferenceAdmin,
    path: '/api/step/step-template',
    prepare: (ctx) => trackWithAttachment(ctx, 'step attachment'),
    each: (_call, made) => ({ path: `/api/step/step-template/${made.stepId}/attachment/${made.key}` }),
    cleanUp: (ctx, made) => deleteTracks(ctx, [made.trackId]),
    singleItem: true,
  }),
  'step.stepTemplates': { as: AS.participant, path: `/api/step/step-templates/${DEMO_INSTANCE_IDS.callStoryTemplate},${DEMO_INSTANCE_IDS.transcriptTemplate},${DEMO_INSTANCE_IDS.questionnaireTemplate}` },
  'step.stepContentTemplate': { as: AS.participant, path: '/api/step/step-content-template/demo-content-call-story', singleItem: true },
  'step.stepContentTemplates': { as: AS.participant, path: '/api/step/step-content-templates/demo-content-call-story,demo-content-transcript,demo-content-questionnaire' },
  'step.stepActionTemplate': { as: AS.participant, path: '/api/step/step-action-template/demo-action-call-story', singleItem: true },
  'step.stepActionTemplates': { as: AS.participant, path: '/api/step/step-action-templates/demo-action-call-story,demo-action-questionnaire' },
  'step.stepTaskTemplate': { as: AS.participant, path: '/api/step/step-task-template/demo-content-call-story', singleItem: true },
  'step.stepTaskTemplates': { as: AS.participant, path: '/api/step/step-task-templates/demo-content-call-story,demo-content-licensing-reading' },
  'step.stepUploadTemplate': { as: AS.participant, path: '/api/step/step-upload-template/demo-content-transcript', singleItem: true },
  'step.stepUploadTemplates': { as: AS.participant, path: '/api/step/step-upload-templates/demo-content-transcript' },
};
