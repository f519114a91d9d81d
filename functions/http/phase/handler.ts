import { createServiceHandler } from '../../lib/http/service-handler';
import { phaseApi } from '../../../shared/api/phase';
import { startPhaseImport } from '../../core/tracks/track-copy';
import { createPhase, deletePhase, movePhase, readPhase, readPhases, readPhasesByIds, updatePhase } from '../../core/tracks/phase-editor';

export const handler = createServiceHandler(phaseApi, {
  create: async ({ auth, body }) => createPhase(auth, body),
  update: async ({ auth, body }) => updatePhase(auth, body),
  updateOrder: async ({ auth, body }) => movePhase(auth, body),
  remove: async ({ auth, params }) => {
    await deletePhase(auth, params.id);
    return null;
  },
  getPhase: async ({ auth, params }) => readPhase(auth, params.id),
  getPhases: async ({ auth, params }) => readPhasesByIds(auth, params.ids),
  byTrack: async ({ auth, params }) => readPhases(auth, params.id),
  importPhase: async ({ auth, params }) => startPhaseImport(auth, params.phaseId, params.trackTemplateId),
});
