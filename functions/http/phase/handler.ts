import { createServiceHandler } from '../../lib/http/service-handler';
import { phaseApi } from '../../../shared/api/phase';
import { startPhaseImport } from '../../core/tracks/track-copy';
import { createPhase, createPhases, deletePhase, movePhase, readPhase, readPhases, readPhasesByIds, updatePhase } from '../../core/tracks/phase-editor';
import { designPage, type DesignListQuery } from '../../core/tracks/design-list';
import type { TrackCaller, TrackWriter } from '../../core/tracks/track-scope';

/** Delete Phase, whichever call names it. */
async function removePhase(auth: TrackWriter, phaseId: string): Promise<null> {
  await deletePhase(auth, phaseId);
  return null;
}

/** The generic lists: one track's phases (get-phases/track-template's read), filtered and paged. */
const phasePage = async (auth: TrackCaller, query: DesignListQuery & { where: { trackTemplateId: string } }) =>
  designPage(await readPhases(auth, query.where.trackTemplateId), query);

export const handler = createServiceHandler(phaseApi, {
  create: async ({ auth, body }) => createPhase(auth, body),
  update: async ({ auth, body }) => updatePhase(auth, body),
  updateOrder: async ({ auth, body }) => movePhase(auth, body),
  remove: async ({ auth, params }) => removePhase(auth, params.id),
  getPhase: async ({ auth, params }) => readPhase(auth, params.id),
  getPhases: async ({ auth, params }) => readPhasesByIds(auth, params.ids),
  byTrack: async ({ auth, params }) => readPhases(auth, params.id),
  importPhase: async ({ auth, params }) => startPhaseImport(auth, params.phaseId, params.trackTemplateId),
  // The generic set: the same reads and writes as the calls above.
  list: async ({ auth, query }) => (await phasePage(auth, query)).data,
  quickSearch: async ({ auth, query }) => phasePage(auth, query),
  count: async ({ auth, query }) => (await phasePage(auth, { ...query, limit: 0 })).count,
  query: async ({ auth, body }) => (await phasePage(auth, body)).data,
  search: async ({ auth, body }) => (await phasePage(auth, body)).data,
  get: async ({ auth, params }) => readPhase(auth, params.id),
  createGeneric: async ({ auth, body }) => createPhase(auth, body),
  bulk: async ({ auth, body }) => createPhases(auth, body[0].trackTemplateId, body),
  updateById: async ({ auth, params, body }) => updatePhase(auth, { ...body, id: params.id }),
  updateGeneric: async ({ auth, body }) => updatePhase(auth, body),
  removeById: async ({ auth, params }) => removePhase(auth, params.id),
  removeGeneric: async ({ auth, body }) => removePhase(auth, body.id),
});
