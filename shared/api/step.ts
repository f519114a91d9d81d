import { z } from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { prerequisitesInputSchema, stepDetailSchema, stepInputSchema } from '../schemas/step';
import { stepHeaderSchema } from '../schemas/track';

/**
 * Step templates (SPEC.md sections 3 to 7): a step of a phase with its contents and actions,
 * and its prerequisites (steps of the same phase). Prerequisite changes of one phase are
 * serialised and never make a cycle, whatever the client sends.
 */
const base = '/api/step';
const byStep = z.object({ stepTemplateId: idSchema });

export const stepApi = {
  createStepTemplate: defineContract({
    id: 'step.createStepTemplate', service: 'step', method: 'POST', path: `${base}/template/create-step-template`, access: 'session', can: ['update', 'TrackTemplate'], status: 201,
    summary: 'Adds a step with its contents and actions to a phase.', body: stepInputSchema, response: stepDetailSchema,
  }),
  updatePrerequisites: defineContract({
    id: 'step.updatePrerequisites', service: 'step', method: 'POST', path: `${base}/update-step-template-prerequisites/{stepTemplateId}`, access: 'session', can: ['update', 'TrackTemplate'],
    summary: "Replaces a step's prerequisites (steps of its phase); refused when they would make a cycle. Also for imported steps.",
    params: byStep, body: prerequisitesInputSchema, response: stepHeaderSchema,
  }),
  stepTemplate: defineContract({
    id: 'step.stepTemplate', service: 'step', method: 'GET', path: `${base}/step-template/{stepTemplateId}`, access: 'session', can: ['read', 'TrackTemplate'],
    summary: 'A step with its contents and actions (one Query of its view).', params: byStep, response: stepDetailSchema,
  }),
};
export type StepApi = typeof stepApi;
