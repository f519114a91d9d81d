import * as z from 'zod';
import { defineContract } from './contract';
import { idListParam, idOf, idSchema } from './id-list';
import {
  actionViewSchema,
  contentViewSchema,
  prerequisitesInputSchema,
  stepDetailSchema,
  stepEditSchema,
  stepInputSchema,
  stepUpdateSchema,
  taskViewSchema,
  uploadViewSchema,
} from '../schemas/step';
import { stepHeaderSchema } from '../schemas/track';
import { stepImportInputSchema } from '../schemas/step-import';
import { actionInstanceViewSchema, approvedParamSchema, contentChangeSchema, contentInstanceViewSchema, selectableStatusSchema, stepInstancePageSchema, versionBodySchema } from '../schemas/step-instance';
import { fileKeySchema } from '../files/stored-files';
import { castVoteSchema, closeVoteSchema, recuseSchema } from '../schemas/committee-vote';
import { availabilitySchema, cancelInterviewSchema, confirmInterviewSchema, interviewPageSchema, proposeSlotsSchema } from '../schemas/panel-interview';
import { BULK_MAX } from './limits';
import { jobStartedSchema } from '../schemas/job';
import { booleanText, limitSchema, offsetSchema, pageOf, parentWhereSchema, relationsSchema, searchTextSchema, tableOptionText } from './list-query';

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
const INSTANCE_LIST_NOTE = 'unknown ids and those of enrolments the caller may not open are left out';
const write = { access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference' } as const;

/** The generic lists read one phase's step headers (at most 200): there is no list of every step. */
export const STEP_LIST_NEEDS_PHASE = 'where[phaseId] is required: steps are listed one phase at a time.';
const where = parentWhereSchema({ phaseId: idOf(STEP_LIST_NEEDS_PHASE), name: searchTextSchema.optional() }, STEP_LIST_NEEDS_PHASE);
const noRelations = relationsSchema([] as const);
const listQuery = z.object({ where, limit: limitSchema, offset: offsetSchema, relations: noRelations });
const IN_ORDER = 'in dependency order (as import-step-templates/phase/{id})';

export const stepApi = {
  createStepTemplate: defineContract({
    id: 'step.createStepTemplate', service: 'step', method: 'POST', path: `${base}/template/create-step-template`, access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference', status: 201,
    summary: 'Adds a step with its contents and actions to a phase (at most 200 steps a phase, 1,000 a track).', body: stepInputSchema, response: stepDetailSchema,
  }),
  updateStepTemplate: defineContract({
    id: 'step.updateStepTemplate', service: 'step', method: 'POST', path: `${base}/update-step-template`, access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference',
    summary: "Edits a step and replaces its contents and actions (those named by id kept) on the version read; an imported step is locked.",
    body: stepUpdateSchema, response: stepDetailSchema,
  }),
  updatePrerequisites: defineContract({
    id: 'step.updatePrerequisites', service: 'step', method: 'POST', path: `${base}/update-step-template-prerequisites/{stepTemplateId}`, access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference',
    summary: "Replaces a step's prerequisites (steps of its phase); refused when they would make a cycle. Also for imported steps.",
    params: byStep, body: prerequisitesInputSchema, response: stepHeaderSchema,
  }),
  createFromImport: defineContract({
    id: 'step.createFromImport', service: 'step', method: 'POST', path: `${base}/create-step-template-from-import`, access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference', status: 201,
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

  // A participant's steps (issue 12): access is the track instance's (SPEC.md section 6), checked on the loaded instance.
  stepInstance: defineContract({
    id: 'step.stepInstance', service: 'step', method: 'GET', path: `${base}/step-instance/{id}`, access: 'session', readLog: 'stepContent',
    summary: "The step page: the step instance, its template, content and actions with the caller's rights; private content the caller may not view is only named (at most 3 reads).",
    params: byId, response: stepInstancePageSchema,
  }),
  stepInstances: defineContract({
    id: 'step.stepInstances', service: 'step', method: 'GET', path: `${base}/step-instances/{ids}`, access: 'session', readLog: 'stepContent',
    summary: `Step pages by a comma-separated list of step instance ids (${INSTANCE_LIST_NOTE}).`, params: byIds, response: z.array(stepInstancePageSchema),
  }),
  stepContentInstance: defineContract({
    id: 'step.stepContentInstance', service: 'step', method: 'GET', path: `${base}/step-content-instance/{id}`, access: 'session', readLog: 'stepContent',
    summary: "One content item of a participant's step as its step page shows it to the caller (private content the caller may not view: only its name).",
    params: byId, response: contentInstanceViewSchema,
  }),
  stepContentInstances: defineContract({
    id: 'step.stepContentInstances', service: 'step', method: 'GET', path: `${base}/step-content-instances/{ids}`, access: 'session', readLog: 'stepContent',
    summary: `Content items by a comma-separated id list, as their step pages show them (${INSTANCE_LIST_NOTE}).`, params: byIds, response: z.array(contentInstanceViewSchema),
  }),
  stepActionInstances: defineContract({
    id: 'step.stepActionInstances', service: 'step', method: 'GET', path: `${base}/step-action-instances/{ids}`, access: 'session',
    summary: `Actions by a comma-separated id list, with their decisions and the caller's right to decide (${INSTANCE_LIST_NOTE}).`, params: byIds, response: z.array(actionInstanceViewSchema),
  }),
  taskInstance: defineContract({
    id: 'step.taskInstance', service: 'step', method: 'GET', path: `${base}/task-instance/{id}`, access: 'session', readLog: 'stepContent',
    summary: 'One Task content item of a participant\'s step, as the step page shows it (another type: 404).', params: byId, response: contentInstanceViewSchema,
  }),
  taskInstances: defineContract({
    id: 'step.taskInstances', service: 'step', method: 'GET', path: `${base}/task-instances/{ids}`, access: 'session', readLog: 'stepContent',
    summary: `Task content items by a comma-separated id list (${INSTANCE_LIST_NOTE}, and contents of another type).`, params: byIds, response: z.array(contentInstanceViewSchema),
  }),
  instanceAttachment: defineContract({
    id: 'step.instanceAttachment', service: 'step', method: 'GET', path: `${base}/step-instance/{id}/attachment/{key}`, access: 'session',
    summary: "A short-lived download link for one of a step's attachments, for whoever reads that step instance (its participant, assignees, track override roles); a key the step does not hold is 404.",
    params: byId.extend({ key: fileKeySchema }), response: z.object({ url: z.string(), name: z.string() }),
  }),
  changeContent: defineContract({
    id: 'step.changeContent', service: 'step', method: 'PATCH', path: `${base}/instance/content/{id}`, access: 'session', readLog: 'stepContent',
    summary: 'Ticks or unticks a task, submits or unsubmits an upload, by the person responsible, on the version read; the step moves by its state machine (docs/statuses.md).',
    params: byId, body: contentChangeSchema, response: stepInstancePageSchema,
  }),
  decideAction: defineContract({
    id: 'step.decideAction', service: 'step', method: 'PATCH', path: `${base}/instance/action/{id}/{approved}`, access: 'session', readLog: 'stepContent',
    summary: 'Approves (or signs) or denies a pending action once all content is done, by an assignee holding its role or a track override, on the version read.',
    params: byId.extend({ approved: approvedParamSchema }), body: versionBodySchema, response: stepInstancePageSchema,
  }),
  openVote: defineContract({
    id: 'step.openVote', service: 'step', method: 'POST', path: `${base}/instance/action/{id}/open-vote`, access: 'session', readLog: 'stepContent',
    summary: "Opens a committee vote (its group's chair, on the action's version): the group as it is now votes; members with a conflict are recused and told so, the others are told the vote is open.",
    params: byId, body: versionBodySchema, response: stepInstancePageSchema,
  }),
  castVote: defineContract({
    id: 'step.castVote', service: 'step', method: 'POST', path: `${base}/instance/action/{id}/vote`, access: 'session', readLog: 'stepContent',
    summary: "A member's vote (Approve, Deny or Abstain, with an optional note) while the vote is open; a change is on the ballot's version. Recused members cannot vote.",
    params: byId, body: castVoteSchema, response: stepInstancePageSchema,
  }),
  recuse: defineContract({
    id: 'step.recuse', service: 'step', method: 'POST', path: `${base}/instance/action/{id}/recuse`, access: 'session', readLog: 'stepContent',
    summary: 'A member recuses from an open vote with a reason (their vote, if any, is withdrawn); recused members neither vote nor count toward the quorum.',
    params: byId, body: recuseSchema, response: stepInstancePageSchema,
  }),
  closeVote: defineContract({
    id: 'step.closeVote', service: 'step', method: 'POST', path: `${base}/instance/action/{id}/close-vote`, access: 'session', readLog: 'stepContent',
    summary: "The chair closes the vote with the minutes, on the action's version: with the quorum met the tally decides the action (approved or denied, as an Approval); without it the vote stays open (409).",
    params: byId, body: closeVoteSchema, response: stepInstancePageSchema,
  }),
  interview: defineContract({
    id: 'step.interview', service: 'step', method: 'GET', path: `${base}/instance/action/{id}/interview`, access: 'session',
    summary: "A committee vote's panel interview: the proposed times with who can attend (the panel and those overseeing the enrolment; the candidate sees only their own answers), the confirmed time and place.",
    params: byId, response: interviewPageSchema,
  }),
  proposeInterview: defineContract({
    id: 'step.proposeInterview', service: 'step', method: 'POST', path: `${base}/instance/action/{id}/interview/propose`, access: 'session',
    summary: "The group's chair proposes up to 8 interview times (wall-clock times in the conference's zone); the panel and the candidate are asked to mark the ones they can attend. A confirmed interview stays until another time is confirmed.",
    params: byId, body: proposeSlotsSchema, response: interviewPageSchema,
  }),
  markAvailability: defineContract({
    id: 'step.markAvailability', service: 'step', method: 'POST', path: `${base}/instance/action/{id}/interview/availability`, access: 'session',
    summary: 'A panel member or the candidate marks the proposed times they can attend (replacing their earlier answer).',
    params: byId, body: availabilitySchema, response: interviewPageSchema,
  }),
  confirmInterview: defineContract({
    id: 'step.confirmInterview', service: 'step', method: 'POST', path: `${base}/instance/action/{id}/interview/confirm`, access: 'session',
    summary: "The chair confirms one proposed time with a place or a video link, on the interview's version: everyone invited gets a notification and an email with a calendar invitation (a later confirm is an update under the same UID), and a reminder the day before.",
    params: byId, body: confirmInterviewSchema, response: interviewPageSchema,
  }),
  cancelInterview: defineContract({
    id: 'step.cancelInterview', service: 'step', method: 'POST', path: `${base}/instance/action/{id}/interview/cancel`, access: 'session',
    summary: "The chair cancels the interview with a reason, on its version: everyone invited gets a notification and a calendar cancellation under the same UID; the reminder is not sent.",
    params: byId, body: cancelInterviewSchema, response: interviewPageSchema,
  }),
  setStatus: defineContract({
    id: 'step.setStatus', service: 'step', method: 'PATCH', path: `${base}/instance/{id}/{status}`, access: 'session', readLog: 'stepContent',
    summary: "Sets a step to Ready, PendingReview or Completed (the participant's advisor or a track override, never the participant) on the version read; an illegal change is 409.",
    params: byId.extend({ status: selectableStatusSchema }), body: versionBodySchema, response: stepInstancePageSchema,
  }),

  // The generic set (SPEC.md section 7): aliases of the calls above, through the same functions.
  // No delete: SPEC.md has no step delete. Bulk is a job: a step with its parts is one transaction of its own.
  list: defineContract({
    id: 'step.list', service: 'step', method: 'GET', path: base, ...read,
    summary: `A page of one phase's step headers ${IN_ORDER}; where[phaseId] is required.`, query: listQuery, response: z.array(stepHeaderSchema),
  }),
  quickSearch: defineContract({
    id: 'step.quickSearch', service: 'step', method: 'GET', path: `${base}/quickSearch`, ...read, rateLimit: 'search',
    summary: `A page of one phase's step headers ${IN_ORDER}, those whose name starts with the text, with the count.`,
    query: listQuery.extend({ tableName: tableOptionText.optional(), isQuickSearch: booleanText.optional() }), response: pageOf(stepHeaderSchema),
  }),
  count: defineContract({
    id: 'step.count', service: 'step', method: 'GET', path: `${base}/count`, ...read,
    summary: "How many steps a phase has (whose name starts with the text).", query: z.object({ where }), response: z.number().int(),
  }),
  query: defineContract({
    id: 'step.query', service: 'step', method: 'POST', path: `${base}/query`, ...read,
    summary: "A page of one phase's step headers, the filters in the body.", body: z.object({ where, limit: limitSchema, offset: offsetSchema }), response: z.array(stepHeaderSchema),
  }),
  search: defineContract({
    id: 'step.search', service: 'step', method: 'POST', path: `${base}/search`, ...read, rateLimit: 'search',
    summary: "One phase's step headers whose name starts with the text.", body: z.object({ where, limit: limitSchema, relations: noRelations }), response: z.array(stepHeaderSchema),
  }),
  get: defineContract({
    id: 'step.get', service: 'step', method: 'GET', path: `${base}/{id}`, ...read,
    summary: 'A step with its contents and actions (as step-template/{stepTemplateId}).', params: byId, query: z.object({ relations: noRelations }), response: stepDetailSchema,
  }),
  create: defineContract({
    id: 'step.create', service: 'step', method: 'POST', path: base, ...write, status: 201,
    summary: 'Adds a step to a phase (as template/create-step-template).', body: stepInputSchema, response: stepDetailSchema,
  }),
  bulk: defineContract({
    id: 'step.bulk', service: 'step', method: 'POST', path: `${base}/bulk`, ...write, status: 202,
    summary:
      `Adds steps to the end of one phase, each as template/create-step-template does (at most ${BULK_MAX}): a background job (202 \`{ jobId }\`) adds one step per transaction. ` +
      "A refused step ends the job with its reason (those before it stay); the job's result lists the new steps' ids in the body's order (`{ stepTemplateIds }`).",
    body: z
      .array(stepInputSchema)
      .min(1, 'Give at least one step.')
      .max(BULK_MAX, `At most ${BULK_MAX} steps at once.`)
      .refine((steps) => new Set(steps.map((step) => step.phaseId)).size === 1, 'The steps of one bulk call belong to one phase.'),
    response: jobStartedSchema,
  }),
  updateById: defineContract({
    id: 'step.updateById', service: 'step', method: 'PATCH', path: `${base}/{id}`, ...write,
    summary: 'Edits a step on the version read (as update-step-template); a stale version is 409.', params: byId, body: stepEditSchema, response: stepDetailSchema,
  }),
  update: defineContract({
    id: 'step.update', service: 'step', method: 'PATCH', path: base, ...write,
    summary: 'Edits a step named in the body by id (as update-step-template).', body: stepUpdateSchema, response: stepDetailSchema,
  }),
};
export type StepApi = typeof stepApi;
