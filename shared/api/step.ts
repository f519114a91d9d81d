import { z } from 'zod';
import { defineContract } from './contract';
import { idListParam, idSchema } from './id-list';
import {
  actionViewSchema,
  contentViewSchema,
  prerequisitesInputSchema,
  stepDetailSchema,
  stepInputSchema,
  stepUpdateSchema,
  taskViewSchema,
  uploadViewSchema,
} from '../schemas/step';
import { stepHeaderSchema } from '../schemas/track';
import { stepImportInputSchema } from '../schemas/step-import';
import { fileKeySchema } from './file';

/**
 * Step templates (SPEC.md sections 3 to 7): a step of a phase with its contents and actions,
 * and its prerequisites (steps of the same phase). Prerequisite changes of one phase are
 * serialised and never make a cycle, whatever the client sends. A task or an upload template
 * is the part of its content, named by the content's id.
 */
const base = '/api/step';
const byStep = z.object({ stepTemplateId: idSchema });
const byId = z.object({ id: idSchema });
const byIds = z.object({ ids: idListParam });
const read = { access: 'session', can: ['read', 'TrackTemplate'] } as const;
const LIST_NOTE = 'unknown ids and those of tracks the caller does not read are left out';

export const stepApi = {
  createStepTemplate: defineContract({
    id: 'step.createStepTemplate', service: 'step', method: 'POST', path: `${base}/template/create-step-template`, access: 'session', can: ['update', 'TrackTemplate'], status: 201,
    summary: 'Adds a step with its contents and actions to a phase (at most 200 steps a phase, 1,000 a track).', body: stepInputSchema, response: stepDetailSchema,
  }),
  updateStepTemplate: defineContract({
    id: 'step.updateStepTemplate', service: 'step', method: 'POST', path: `${base}/update-step-template`, access: 'session', can: ['update', 'TrackTemplate'],
    summary: "Edits a step and replaces its contents and actions (those named by id kept) on the version read; an imported step is locked.",
    body: stepUpdateSchema, response: stepDetailSchema,
  }),
  updatePrerequisites: defineContract({
    id: 'step.updatePrerequisites', service: 'step', method: 'POST', path: `${base}/update-step-template-prerequisites/{stepTemplateId}`, access: 'session', can: ['update', 'TrackTemplate'],
    summary: "Replaces a step's prerequisites (steps of its phase); refused when they would make a cycle. Also for imported steps.",
    params: byStep, body: prerequisitesInputSchema, response: stepHeaderSchema,
  }),
  createFromImport: defineContract({
    id: 'step.createFromImport', service: 'step', method: 'POST', path: `${base}/create-step-template-from-import`, access: 'session', can: ['update', 'TrackTemplate'], status: 201,
    summary: "Import Existing Step: copies a step the caller reads (contents and actions, no prerequisites) to the end of a phase they edit; the copy keeps its origin and is locked except for its prerequisites.",
    body: stepImportInputSchema, response: stepDetailSchema,
  }),
  importableSteps: defineContract({
    id: 'step.importableSteps', service: 'step', method: 'GET', path: `${base}/import-step-templates/phase/{id}`, ...read,
    summary: "The import picker's steps: a phase's step headers in dependency order (at most 200).", params: byId, response: z.array(stepHeaderSchema),
  }),
  stepTemplate: defineContract({
    id: 'step.stepTemplate', service: 'step', method: 'GET', path: `${base}/step-template/{stepTemplateId}`, ...read,
    summary: 'A step with its contents and actions (one Query of its view).', params: byStep, response: stepDetailSchema,
  }),
  attachment: defineContract({
    id: 'step.attachment', service: 'step', method: 'GET', path: `${base}/step-template/{stepTemplateId}/attachment/{key}`, ...read,
    summary: "A short-lived download link (saved under the file's name) for one of a step's attachments, for those who read the step (copies included); a key the step does not hold is 404.",
    params: byStep.extend({ key: fileKeySchema }), response: z.object({ url: z.string(), name: z.string() }),
  }),
  stepTemplates: defineContract({
    id: 'step.stepTemplates', service: 'step', method: 'GET', path: `${base}/step-templates/{ids}`, ...read,
    summary: `Steps with their contents and actions by a comma-separated id list (${LIST_NOTE}).`, params: byIds, response: z.array(stepDetailSchema),
  }),
  stepContentTemplate: defineContract({
    id: 'step.stepContentTemplate', service: 'step', method: 'GET', path: `${base}/step-content-template/{id}`, ...read,
    summary: "One content of a step.", params: byId, response: contentViewSchema,
  }),
  stepContentTemplates: defineContract({
    id: 'step.stepContentTemplates', service: 'step', method: 'GET', path: `${base}/step-content-templates/{ids}`, ...read,
    summary: `Contents by a comma-separated id list (${LIST_NOTE}).`, params: byIds, response: z.array(contentViewSchema),
  }),
  stepActionTemplate: defineContract({
    id: 'step.stepActionTemplate', service: 'step', method: 'GET', path: `${base}/step-action-template/{id}`, ...read,
    summary: 'One signature or approval of a step.', params: byId, response: actionViewSchema,
  }),
  stepActionTemplates: defineContract({
    id: 'step.stepActionTemplates', service: 'step', method: 'GET', path: `${base}/step-action-templates/{ids}`, ...read,
    summary: `Actions by a comma-separated id list (${LIST_NOTE}).`, params: byIds, response: z.array(actionViewSchema),
  }),
  stepTaskTemplate: defineContract({
    id: 'step.stepTaskTemplate', service: 'step', method: 'GET', path: `${base}/step-task-template/{id}`, ...read,
    summary: "A Task content's task (name, description), by the content's id.", params: byId, response: taskViewSchema,
  }),
  stepTaskTemplates: defineContract({
    id: 'step.stepTaskTemplates', service: 'step', method: 'GET', path: `${base}/step-task-templates/{ids}`, ...read,
    summary: `Tasks by a comma-separated list of content ids (${LIST_NOTE}, and contents of another type).`, params: byIds, response: z.array(taskViewSchema),
  }),
  stepUploadTemplate: defineContract({
    id: 'step.stepUploadTemplate', service: 'step', method: 'GET', path: `${base}/step-upload-template/{id}`, ...read,
    summary: "An Upload content's upload (name, multiple, type, instructions), by the content's id.", params: byId, response: uploadViewSchema,
  }),
  stepUploadTemplates: defineContract({
    id: 'step.stepUploadTemplates', service: 'step', method: 'GET', path: `${base}/step-upload-templates/{ids}`, ...read,
    summary: `Uploads by a comma-separated list of content ids (${LIST_NOTE}, and contents of another type).`, params: byIds, response: z.array(uploadViewSchema),
  }),
};
export type StepApi = typeof stepApi;
