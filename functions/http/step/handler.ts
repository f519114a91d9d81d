import { createServiceHandler } from '../../lib/http/service-handler';
import { stepApi } from '../../../shared/api/step';
import { createStep, readStep, updatePrerequisites } from '../../core/tracks/step-editor';

export const handler = createServiceHandler(stepApi, {
  createStepTemplate: async ({ auth, body }) => createStep(auth, body),
  updatePrerequisites: async ({ auth, params, body }) => updatePrerequisites(auth, params.stepTemplateId, body.prerequisites),
  stepTemplate: async ({ auth, params }) => readStep(auth, params.stepTemplateId),
});
