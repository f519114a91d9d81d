import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

/** A track written straight to the table in the target's conference (the routes under test are not used to set up). */
async function throwawayTrack(conferenceId: string, tag: string, disabled = false): Promise<string> {
  const trackTemplateId = `matrix-track-${newId().toLowerCase()}`;
  await db()
    .entities.trackTemplate.create({ trackTemplateId, name: `Matrix track ${tag}`, description: 'Matrix', conferenceId, disabled, status: disabled ? 'inactive' : 'active' })
    .go();
  return trackTemplateId;
}

const sharedTracks = new Map<string, Promise<string>>();

/** One track per conference for the reads and the versioned edits. */
function trackIn(conferenceId: string): Promise<string> {
  if (!sharedTracks.has(conferenceId)) sharedTracks.set(conferenceId, throwawayTrack(conferenceId, `shared ${conferenceId}`));
  return sharedTracks.get(conferenceId)!;
}

async function trackVersion(trackTemplateId: string): Promise<number> {
  const { data } = await db().entities.trackTemplate.get({ trackTemplateId }).go({ consistent: true });
  return data?.version ?? 1;
}

/** A phase of a fresh track in the conference (deletes and moves need one of their own). */
async function throwawayPhase(conferenceId: string, tag: string, order = 1): Promise<{ trackTemplateId: string; phaseId: string }> {
  const trackTemplateId = await throwawayTrack(conferenceId, tag);
  const phaseId = `matrix-phase-${newId().toLowerCase()}`;
  await db().entities.phaseTemplate.create({ trackTemplateId, phaseId, name: `Matrix phase ${tag}`, order }).go();
  return { trackTemplateId, phaseId };
}

const sharedPhases = new Map<string, Promise<string>>();

/** One phase per conference for the reads and the versioned edits. */
function phaseIn(conferenceId: string): Promise<string> {
  if (!sharedPhases.has(conferenceId)) sharedPhases.set(conferenceId, throwawayPhase(conferenceId, `shared ${conferenceId}`).then((p) => p.phaseId));
  return sharedPhases.get(conferenceId)!;
}

async function phaseVersion(phaseId: string): Promise<number> {
  const { data } = await db().entities.phaseTemplate.query.byId({ phaseId }).go();
  return data[0]?.version ?? 1;
}

interface MatrixStep {
  stepTemplateId: string;
  taskId: string;
  uploadId: string;
  actionId: string;
}

const sharedSteps = new Map<string, Promise<MatrixStep>>();

/** One step per conference (in its shared phase) with a task, an upload and an approval, for the reads and the edits. */
function stepIn(conferenceId: string): Promise<MatrixStep> {
  if (!sharedSteps.has(conferenceId)) {
    sharedSteps.set(
      conferenceId,
      phaseIn(conferenceId).then(async (phaseId) => {
        const { data } = await db().entities.phaseTemplate.query.byId({ phaseId }).go();
        const trackTemplateId = data[0].trackTemplateId;
        const suffix = newId().toLowerCase();
        const made = { stepTemplateId: `matrix-step-${suffix}`, taskId: `matrix-task-${suffix}`, uploadId: `matrix-upload-${suffix}`, actionId: `matrix-action-${suffix}` };
        const owner = { trackTemplateId, stepTemplateId: made.stepTemplateId };
        await db().entities.stepTemplate.create({ ...owner, phaseId, name: 'Matrix step' }).go();
        await db().entities.stepContentTemplate.create({ ...owner, contentTemplateId: made.taskId, type: 'Task', name: 'Task', roleId: 'role-participant', task: { name: 'Task', description: 'Do it' } }).go();
        await db().entities.stepContentTemplate.create({ ...owner, contentTemplateId: made.uploadId, type: 'Upload', name: 'Upload', roleId: 'role-participant', order: 1, upload: { name: 'File', type: 'Any', instructions: 'Any file' } }).go();
        await db().entities.stepActionTemplate.create({ ...owner, actionTemplateId: made.actionId, type: 'Approval', name: 'Approval', roleId: 'role-advisor' }).go();
        return made;
      }),
    );
  }
  return sharedSteps.get(conferenceId)!;
}

/** A bare step in a fresh phase of the conference (edits are versioned: one per call). */
async function throwawayStep(conferenceId: string, tag: string): Promise<{ stepTemplateId: string }> {
  const { trackTemplateId, phaseId } = await throwawayPhase(conferenceId, tag);
  const stepTemplateId = `matrix-step-${newId().toLowerCase()}`;
  await db().entities.stepTemplate.create({ trackTemplateId, phaseId, stepTemplateId, name: 'Matrix step' }).go();
  return { stepTemplateId };
}

const MATRIX_TASK = { type: 'Task', name: 'Task', task: { name: 'Task', description: 'Do it' } };

/** The track, phase and step routes, aimed at the target's conference (own: the actor's; other: outside it). */
export const TRACK_CALLS: Record<string, CallBuilder> = {
  'track.create': (t, tag) => ({ path: '/api/track/create-track-template', method: 'POST', body: { name: `Matrix ${tag}`, description: 'Matrix track', conferenceId: t.chain.Conference } }),
  'track.update': async (t) => {
    const id = await trackIn(t.chain.Conference);
    return { path: `/api/track/update-track-template/${id}`, method: 'PATCH', body: { description: 'Matrix track edited', version: await trackVersion(id) } };
  },
  'track.trackTemplate': async (t) => ({ path: `/api/track/track-template/${await trackIn(t.chain.Conference)}` }),
  'track.deactivate': async (t, tag) => ({ path: `/api/track/deactivate-track/${await throwawayTrack(t.chain.Conference, tag)}`, method: 'POST' }),
  'track.reactivate': async (t, tag) => ({ path: `/api/track/reactivate-track/${await throwawayTrack(t.chain.Conference, tag, true)}`, method: 'POST' }),
  'track.remove': async (t, tag) => ({ path: `/api/track/delete-track/${await throwawayTrack(t.chain.Conference, tag)}`, method: 'POST' }),
  'track.isSystemTrackWithCopies': async (t) => ({ path: `/api/track/is-system-track-with-copies/${await trackIn(t.chain.Conference)}` }),
  'track.byConference': (t) => ({ path: `/api/track/track-templates/conference/${t.chain.Conference}` }),
  // Copies land in the target's conference; the source is the demo's system track (everyone who reads tracks reads it).
  'track.copy': (t, tag) => ({ path: `/api/track/copy-track/${DEMO_INSTANCE_IDS.systemTrack}/${t.chain.Conference}`, method: 'POST', body: { name: `Matrix copy ${tag}`, description: 'Matrix copy' } }),
  // A track of the target's conference imported into that conference: whoever may read it and design there.
  'track.importTemplate': async (t, tag) => ({
    path: `/api/track/import-track-template/track-template/${await trackIn(t.chain.Conference)}/conference/${t.chain.Conference}`,
    method: 'POST',
    body: { name: `Matrix import ${tag}`, description: 'Matrix import' },
  }),
  'track.assignedTracks': () => ({ path: '/api/track/assigned-tracks' }),
  'track.quickSearch': (t) => ({ path: '/api/track/quickSearch', query: `where[conferenceId]=${t.chain.Conference}` }),
  // The generic set: each aimed like the call it aliases (edits on tracks and phases of their own: the
  // shared ones' versions move under the specific rows running beside them).
  'track.list': () => ({ path: '/api/track' }),
  'track.count': (t) => ({ path: '/api/track/count', query: `where[conferenceId]=${t.chain.Conference}` }),
  'track.query': (t) => ({ path: '/api/track/query', method: 'POST', body: { where: { conferenceId: t.chain.Conference } } }),
  'track.search': (t) => ({ path: '/api/track/search', method: 'POST', body: { where: { conferenceId: t.chain.Conference, name: 'Matrix' } } }),
  'track.get': async (t) => ({ path: `/api/track/${await trackIn(t.chain.Conference)}` }),
  'track.createGeneric': (t, tag) => ({ path: '/api/track', method: 'POST', body: { name: `Matrix ${tag}`, description: 'Matrix track', conferenceId: t.chain.Conference } }),
  'track.bulk': (t, tag) => ({ path: '/api/track/bulk', method: 'POST', body: [{ name: `Matrix bulk ${tag}`, description: 'Matrix track', conferenceId: t.chain.Conference }] }),
  'track.updateById': async (t, tag) => {
    const id = await throwawayTrack(t.chain.Conference, tag);
    return { path: `/api/track/${id}`, method: 'PATCH', body: { description: 'Matrix track edited', version: await trackVersion(id) } };
  },
  'track.updateGeneric': async (t, tag) => {
    const id = await throwawayTrack(t.chain.Conference, tag);
    return { path: '/api/track', method: 'PATCH', body: { id, description: 'Matrix track edited', version: await trackVersion(id) } };
  },
  'track.removeById': async (t, tag) => ({ path: `/api/track/${await throwawayTrack(t.chain.Conference, tag)}`, method: 'DELETE' }),
  'track.removeGeneric': async (t, tag) => ({ path: '/api/track', method: 'DELETE', body: { id: await throwawayTrack(t.chain.Conference, tag) } }),

  'phase.create': async (t, tag) => ({ path: '/api/phase/create-phase', method: 'POST', body: { trackTemplateId: await trackIn(t.chain.Conference), name: `Matrix phase ${tag}` } }),
  'phase.update': async (t) => {
    const id = await phaseIn(t.chain.Conference);
    return { path: '/api/phase/update-phase', method: 'POST', body: { id, name: 'Matrix phase edited', version: await phaseVersion(id) } };
  },
  // A phase alone in its track moves nowhere (422 for whoever may try): the second of two moves left.
  'phase.updateOrder': async (t, tag) => {
    const { trackTemplateId } = await throwawayPhase(t.chain.Conference, tag);
    const phaseId = `matrix-phase-${newId().toLowerCase()}`;
    await db().entities.phaseTemplate.create({ trackTemplateId, phaseId, name: `Matrix second ${tag}`, order: 2 }).go();
    return { path: '/api/phase/update-phase-order', method: 'POST', body: { phaseId, direction: 'LEFT' } };
  },
  'phase.remove': async (t, tag) => ({ path: `/api/phase/delete-phase/${(await throwawayPhase(t.chain.Conference, tag)).phaseId}`, method: 'DELETE' }),
  'phase.getPhase': async (t) => ({ path: `/api/phase/get-phase/${await phaseIn(t.chain.Conference)}` }),
  'phase.importPhase': async (t) => ({ path: `/api/phase/import-phase/phase/${DEMO_INSTANCE_IDS.systemPhase}/track-template/${await trackIn(t.chain.Conference)}`, method: 'POST' }),
  'phase.getPhases': async (t) => ({ path: `/api/phase/get-phases/${await phaseIn(t.chain.Conference)}` }),
  'phase.byTrack': async (t) => ({ path: `/api/phase/get-phases/track-template/${await trackIn(t.chain.Conference)}` }),
  // The generic set: each aimed like the call it aliases.
  'phase.list': async (t) => ({ path: '/api/phase', query: `where[trackTemplateId]=${await trackIn(t.chain.Conference)}` }),
  'phase.quickSearch': async (t) => ({ path: '/api/phase/quickSearch', query: `where[trackTemplateId]=${await trackIn(t.chain.Conference)}` }),
  'phase.count': async (t) => ({ path: '/api/phase/count', query: `where[trackTemplateId]=${await trackIn(t.chain.Conference)}` }),
  'phase.query': async (t) => ({ path: '/api/phase/query', method: 'POST', body: { where: { trackTemplateId: await trackIn(t.chain.Conference) } } }),
  'phase.search': async (t) => ({ path: '/api/phase/search', method: 'POST', body: { where: { trackTemplateId: await trackIn(t.chain.Conference), name: 'Matrix' } } }),
  'phase.get': async (t) => ({ path: `/api/phase/${await phaseIn(t.chain.Conference)}` }),
  'phase.createGeneric': async (t, tag) => ({ path: '/api/phase', method: 'POST', body: { trackTemplateId: await throwawayTrack(t.chain.Conference, tag), name: `Matrix phase ${tag}` } }),
  // A fresh track each: the shared one fills up otherwise.
  'phase.bulk': async (t, tag) => ({ path: '/api/phase/bulk', method: 'POST', body: [{ trackTemplateId: await throwawayTrack(t.chain.Conference, tag), name: `Matrix bulk ${tag}` }] }),
  'phase.updateById': async (t, tag) => {
    const id = (await throwawayPhase(t.chain.Conference, tag)).phaseId;
    return { path: `/api/phase/${id}`, method: 'PATCH', body: { name: 'Matrix phase edited', version: await phaseVersion(id) } };
  },
  'phase.updateGeneric': async (t, tag) => {
    const id = (await throwawayPhase(t.chain.Conference, tag)).phaseId;
    return { path: '/api/phase', method: 'PATCH', body: { id, name: 'Matrix phase edited', version: await phaseVersion(id) } };
  },
  'phase.removeById': async (t, tag) => ({ path: `/api/phase/${(await throwawayPhase(t.chain.Conference, tag)).phaseId}`, method: 'DELETE' }),
  'phase.removeGeneric': async (t, tag) => ({ path: '/api/phase', method: 'DELETE', body: { id: (await throwawayPhase(t.chain.Conference, tag)).phaseId } }),

  'step.createStepTemplate': async (t, tag) => ({
    path: '/api/step/template/create-step-template',
    method: 'POST',
    body: { phaseId: await phaseIn(t.chain.Conference), name: `Matrix step ${tag}`, actions: [{ type: 'Approval', name: 'Approval' }] },
  }),
  // A step of its own per call: edits are versioned, and the shared step's parts are read by the other rows.
  'step.updateStepTemplate': async (t, tag) => {
    const { stepTemplateId } = await throwawayStep(t.chain.Conference, tag);
    return { path: '/api/step/update-step-template', method: 'POST', body: { id: stepTemplateId, name: 'Matrix step', contents: [MATRIX_TASK], version: 1 } };
  },
  // The shared step of the target's conference copied into its shared phase: whoever reads it and designs there.
  'step.createFromImport': async (t) => ({
    path: '/api/step/create-step-template-from-import',
    method: 'POST',
    body: { phase: await phaseIn(t.chain.Conference), step: (await stepIn(t.chain.Conference)).stepTemplateId },
  }),
  'step.importableSteps': async (t) => ({ path: `/api/step/import-step-templates/phase/${await phaseIn(t.chain.Conference)}` }),
  'step.updatePrerequisites': async (t) => ({ path: `/api/step/update-step-template-prerequisites/${(await stepIn(t.chain.Conference)).stepTemplateId}`, method: 'POST', body: { prerequisites: [] } }),
  'step.stepTemplate': async (t) => ({ path: `/api/step/step-template/${(await stepIn(t.chain.Conference)).stepTemplateId}` }),
  // A step of its own listing a file (the link is signed whether or not the object is there).
  'step.attachment': async (t, tag) => {
    const { trackTemplateId, phaseId } = await throwawayPhase(t.chain.Conference, tag);
    const stepTemplateId = `matrix-step-${newId().toLowerCase()}`;
    const fileKey = newId().toLowerCase();
    await db().entities.stepTemplate.create({ trackTemplateId, phaseId, stepTemplateId, name: 'Matrix step', attachments: [{ fileKey, name: 'matrix.pdf' }] }).go();
    return { path: `/api/step/step-template/${stepTemplateId}/attachment/${fileKey}` };
  },
  'step.stepTemplates': async (t) => ({ path: `/api/step/step-templates/${(await stepIn(t.chain.Conference)).stepTemplateId}` }),
  'step.stepContentTemplate': async (t) => ({ path: `/api/step/step-content-template/${(await stepIn(t.chain.Conference)).taskId}` }),
  'step.stepContentTemplates': async (t) => ({ path: `/api/step/step-content-templates/${(await stepIn(t.chain.Conference)).taskId}` }),
  'step.stepActionTemplate': async (t) => ({ path: `/api/step/step-action-template/${(await stepIn(t.chain.Conference)).actionId}` }),
  'step.stepActionTemplates': async (t) => ({ path: `/api/step/step-action-templates/${(await stepIn(t.chain.Conference)).actionId}` }),
  'step.stepTaskTemplate': async (t) => ({ path: `/api/step/step-task-template/${(await stepIn(t.chain.Conference)).taskId}` }),
  'step.stepTaskTemplates': async (t) => ({ path: `/api/step/step-task-templates/${(await stepIn(t.chain.Conference)).taskId}` }),
  'step.stepUploadTemplate': async (t) => ({ path: `/api/step/step-upload-template/${(await stepIn(t.chain.Conference)).uploadId}` }),
  'step.stepUploadTemplates': async (t) => ({ path: `/api/step/step-upload-templates/${(await stepIn(t.chain.Conference)).uploadId}` }),
  // The generic set: each aimed like the call it aliases.
  'step.list': async (t) => ({ path: '/api/step', query: `where[phaseId]=${await phaseIn(t.chain.Conference)}` }),
  'step.quickSearch': async (t) => ({ path: '/api/step/quickSearch', query: `where[phaseId]=${await phaseIn(t.chain.Conference)}` }),
  'step.count': async (t) => ({ path: '/api/step/count', query: `where[phaseId]=${await phaseIn(t.chain.Conference)}` }),
  'step.query': async (t) => ({ path: '/api/step/query', method: 'POST', body: { where: { phaseId: await phaseIn(t.chain.Conference) } } }),
  'step.search': async (t) => ({ path: '/api/step/search', method: 'POST', body: { where: { phaseId: await phaseIn(t.chain.Conference), name: 'Matrix' } } }),
  'step.get': async (t) => ({ path: `/api/step/${(await stepIn(t.chain.Conference)).stepTemplateId}` }),
  'step.bulk': async (t, tag) => ({ path: '/api/step/bulk', method: 'POST', body: [{ phaseId: await phaseIn(t.chain.Conference), name: `Matrix bulk step ${tag}`, actions: [{ type: 'Approval', name: 'Approval' }] }] }),
  'step.create': async (t, tag) => ({ path: '/api/step', method: 'POST', body: { phaseId: await phaseIn(t.chain.Conference), name: `Matrix step ${tag}`, actions: [{ type: 'Approval', name: 'Approval' }] } }),
  'step.updateById': async (t, tag) => {
    const { stepTemplateId } = await throwawayStep(t.chain.Conference, tag);
    return { path: `/api/step/${stepTemplateId}`, method: 'PATCH', body: { name: 'Matrix step', contents: [MATRIX_TASK], version: 1 } };
  },
  'step.update': async (t, tag) => {
    const { stepTemplateId } = await throwawayStep(t.chain.Conference, tag);
    return { path: '/api/step', method: 'PATCH', body: { id: stepTemplateId, name: 'Matrix step', contents: [MATRIX_TASK], version: 1 } };
  },
};
