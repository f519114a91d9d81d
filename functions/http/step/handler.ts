import { createServiceHandler } from '../../lib/http/service-handler';
import { designPage, type DesignListQuery } from '../../core/tracks/design-list';
import type { TrackCaller } from '../../core/tracks/track-scope';
import { stepApi } from '../../../shared/api/step';
import { createStep, updateStep } from '../../core/tracks/step-editor';
import { startStepBulk } from '../../core/tracks/step-bulk';
import { importableSteps, importStep } from '../../core/tracks/step-import';
import { updatePrerequisites } from '../../core/tracks/step-prerequisites';
import { stepInstancePage } from '../../core/step-work/step-page';
import { actionInstances, contentInstance, contentInstances, stepInstances } from '../../core/step-work/step-getters';
import { stepInstanceAttachment } from '../../core/step-work/step-attachment-link';
import { changeContent, decideAction, setStepStatus, STATUS_NOT_ALLOWED } from '../../core/step-work/step-work';
import { castVote, openVote, recuse } from '../../core/step-work/vote-writes';
import { closeVote } from '../../core/step-work/vote-close';
import { readInterview } from '../../core/interviews/interview-read';
import { markAvailability, proposeInterview } from '../../core/interviews/interview-writes';
import { cancelInterview, confirmInterview } from '../../core/interviews/interview-invitations';
import { requireStatusSetter } from '../../core/scope/caller-rights';
import { attachmentLink, readAction, readActions, readContent, readContents, readStep, readSteps, readTask, readTasks, readUpload, readUploads } from '../../core/tracks/step-reads';

/** The generic lists: one phase's step headers (the import picker's read), filtered and paged. */
const stepPage = async (auth: TrackCaller, query: DesignListQuery & { where: { phaseId: string } }) => designPage(await importableSteps(auth, query.where.phaseId), query);

export const handler = createServiceHandler(stepApi, {
  createStepTemplate: async ({ auth, body }) => createStep(auth, body),
  updateStepTemplate: async ({ auth, body }) => updateStep(auth, body),
  updatePrerequisites: async ({ auth, params, body }) => updatePrerequisites(auth, params.stepTemplateId, body.prerequisites),
  createFromImport: async ({ auth, body }) => importStep(auth, body),
  importableSteps: async ({ auth, params }) => importableSteps(auth, params.id),
  stepTemplate: async ({ auth, params }) => readStep(auth, params.stepTemplateId),
  attachment: async ({ auth, params }) => attachmentLink(auth, params.stepTemplateId, params.key),
  stepTemplates: async ({ auth, params }) => readSteps(auth, params.ids),
  stepContentTemplate: async ({ auth, params }) => readContent(auth, params.id),
  stepContentTemplates: async ({ auth, params }) => readContents(auth, params.ids),
  stepActionTemplate: async ({ auth, params }) => readAction(auth, params.id),
  stepActionTemplates: async ({ auth, params }) => readActions(auth, params.ids),
  stepTaskTemplate: async ({ auth, params }) => readTask(auth, params.id),
  stepTaskTemplates: async ({ auth, params }) => readTasks(auth, params.ids),
  stepUploadTemplate: async ({ auth, params }) => readUpload(auth, params.id),
  stepUploadTemplates: async ({ auth, params }) => readUploads(auth, params.ids),
  stepInstance: async ({ auth, params }) => stepInstancePage(auth, params.id),
  stepInstances: async ({ auth, params }) => stepInstances(auth, params.ids),
  stepContentInstance: async ({ auth, params }) => contentInstance(auth, params.id),
  stepContentInstances: async ({ auth, params }) => contentInstances(auth, params.ids),
  stepActionInstances: async ({ auth, params }) => actionInstances(auth, params.ids),
  taskInstance: async ({ auth, params }) => contentInstance(auth, params.id, 'Task'),
  taskInstances: async ({ auth, params }) => contentInstances(auth, params.ids, 'Task'),
  instanceAttachment: async ({ auth, params }) => stepInstanceAttachment(auth, params.id, params.key),
  changeContent: async ({ auth, params, body }) => changeContent(auth, params.id, body),
  decideAction: async ({ auth, params, body }) => decideAction(auth, params.id, params.approved, body.version),
  openVote: async ({ auth, params, body }) => openVote(auth, params.id, body.version),
  castVote: async ({ auth, params, body }) => castVote(auth, params.id, body),
  recuse: async ({ auth, params, body }) => recuse(auth, params.id, body),
  closeVote: async ({ auth, params, body }) => closeVote(auth, params.id, body),
  interview: async ({ auth, params }) => readInterview(auth, params.id),
  proposeInterview: async ({ auth, params, body }) => proposeInterview(auth, params.id, body),
  markAvailability: async ({ auth, params, body }) => markAvailability(auth, params.id, body),
  confirmInterview: async ({ auth, params, body }) => confirmInterview(auth, params.id, body),
  cancelInterview: async ({ auth, params, body }) => cancelInterview(auth, params.id, body),
  setStatus: {
    authorize: ({ auth }) => requireStatusSetter(auth, STATUS_NOT_ALLOWED),
    handle: async ({ auth, params, body }) => setStepStatus(auth, params.id, params.status, body.version),
  },
  // The generic set: the same reads and writes as the calls above.
  list: async ({ auth, query }) => (await stepPage(auth, query)).data,
  quickSearch: async ({ auth, query }) => stepPage(auth, query),
  count: async ({ auth, query }) => (await stepPage(auth, { ...query, limit: 0 })).count,
  query: async ({ auth, body }) => (await stepPage(auth, body)).data,
  search: async ({ auth, body }) => (await stepPage(auth, body)).data,
  get: async ({ auth, params }) => readStep(auth, params.id),
  create: async ({ auth, body }) => createStep(auth, body),
  bulk: async ({ auth, body }) => startStepBulk(auth, body),
  updateById: async ({ auth, params, body }) => updateStep(auth, { ...body, id: params.id }),
  update: async ({ auth, body }) => updateStep(auth, body),
});
