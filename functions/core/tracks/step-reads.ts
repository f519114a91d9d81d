import type { ActionView, ContentView, StepDetail, TaskView, UploadView } from '../../../shared/schemas/step';
import { db } from '../../db/service';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { requireStep } from './step-store';
import { toActionView, toContentView, type ActionItem, type ContentItem } from './step-view';
import { isTrackOpen, mayActAt, placeOf, requireTrack, type TrackCaller } from './track-scope';
import { getTrackTemplate, type StepItem } from './track-store';
import { FILE_NOT_FOUND } from '../../../shared/files/stored-files';
import { presignDownload } from '../../lib/adapters/storage';
import { readableList } from '../../lib/readable-list';
import { mayReadStepAttachments } from './step-attachment-readers';
import type { AuthContext } from '../session/resolve-session';

/**
 * The step getters of SPEC.md section 7 (`step-template(s)`, `step-content-template(s)`,
 * `step-action-template(s)`, `step-task-template(s)`, `step-upload-template(s)`). A task or an
 * upload is the part of its content, named by the content's id. A single read answers 404 for
 * what is missing and 403 out of reach; a list leaves both out.
 */

/** Whether the caller reads a track's design; one check per track of a list. */
function trackReader(auth: TrackCaller) {
  const checked = new Map<string, Promise<boolean>>();
  return (trackTemplateId: string) => {
    if (!checked.has(trackTemplateId)) {
      checked.set(
        trackTemplateId,
        getTrackTemplate(trackTemplateId).then(async (track) => Boolean(track) && isTrackOpen(track!) && mayActAt(auth, 'read', await placeOf(track!))),
      );
    }
    return checked.get(trackTemplateId)!;
  };
}

async function readable<T extends { trackTemplateId: string }>(auth: TrackCaller, items: readonly (T | undefined)[]): Promise<T[]> {
  const mayRead = trackReader(auth);
  const allowed = await Promise.all(items.map((item) => (item ? mayRead(item.trackTemplateId) : false)));
  return items.filter((item, i): item is T => Boolean(item) && allowed[i]);
}

const contentById = async (id: string) => (await db().entities.stepContentTemplate.query.byId({ contentTemplateId: id }).go({ limit: 1 })).data[0] as ContentItem | undefined;
const actionById = async (id: string) => (await db().entities.stepActionTemplate.query.byId({ actionTemplateId: id }).go({ limit: 1 })).data[0] as ActionItem | undefined;

/**
 * One item the caller may read: 404 when missing (or not of the kind asked), 403 out of reach,
 * then its track's 'deleting' rule (404 'This track is being deleted.'), as the track's own read.
 */
async function requireReadable<T extends { trackTemplateId: string }>(auth: TrackCaller, item: T | undefined, missing: string): Promise<T> {
  if (!item) throw new NotFoundError(missing);
  await requireTrack(auth, item.trackTemplateId, 'read');
  return item;
}

export async function readStep(auth: TrackCaller, stepTemplateId: string): Promise<StepDetail> {
  return (await requireStep(auth, stepTemplateId, 'read')).detail;
}

/**
 * A download link for one of a step's attachments, for those who read the step's attachments
 * (whatever track the file was first uploaded in: copies share files by key). A key the step
 * does not list is the file service's 404.
 */
export async function attachmentLink(auth: AuthContext, stepTemplateId: string, fileKey: string): Promise<{ url: string; name: string }> {
  const { data } = await db().entities.stepTemplate.query.view({ stepTemplateId }).go({ limit: 1 });
  const step = data[0];
  if (!step) throw new NotFoundError('Step not found.');
  if (!(await mayReadStepAttachments(auth, step.trackTemplateId))) throw new ForbiddenError();
  return attachmentOf(step, fileKey);
}

/** A signed link for a file the step lists; a key it does not list is the file service's 404. */
export async function attachmentOf(step: Pick<StepItem, 'attachments'>, fileKey: string): Promise<{ url: string; name: string }> {
  const attachment = step.attachments?.find((file) => file.fileKey === fileKey);
  if (!attachment) throw new NotFoundError(FILE_NOT_FOUND);
  return { url: await presignDownload(attachment.fileKey, attachment.name), name: attachment.name };
}

/** Steps by id, in the order asked; unknown or unreachable ones are left out. */
export const readSteps = (auth: TrackCaller, ids: readonly string[]): Promise<StepDetail[]> => readableList(ids, (id) => readStep(auth, id));

export async function readContent(auth: TrackCaller, id: string): Promise<ContentView> {
  return toContentView(await requireReadable(auth, await contentById(id), 'Content not found.'));
}

export async function readContents(auth: TrackCaller, ids: readonly string[]): Promise<ContentView[]> {
  return (await readable(auth, await Promise.all(ids.map(contentById)))).map(toContentView);
}

export async function readAction(auth: TrackCaller, id: string): Promise<ActionView> {
  return toActionView(await requireReadable(auth, await actionById(id), 'Action not found.'));
}

export async function readActions(auth: TrackCaller, ids: readonly string[]): Promise<ActionView[]> {
  return (await readable(auth, await Promise.all(ids.map(actionById)))).map(toActionView);
}

const ofType = (type: ContentItem['type']) => (content: ContentItem | undefined) => (content?.type === type ? content : undefined);

function toTaskView(content: ContentItem): TaskView {
  return { id: content.contentTemplateId, stepTemplateId: content.stepTemplateId, name: content.task?.name ?? '', description: content.task?.description ?? '' };
}

function toUploadView(content: ContentItem): UploadView {
  const upload = content.upload ?? {};
  return { id: content.contentTemplateId, stepTemplateId: content.stepTemplateId, name: upload.name ?? '', multiple: Boolean(upload.multiple), type: upload.type ?? 'Any', instructions: upload.instructions ?? '' };
}

export async function readTask(auth: TrackCaller, id: string): Promise<TaskView> {
  return toTaskView(await requireReadable(auth, ofType('Task')(await contentById(id)), 'Task not found.'));
}

export async function readTasks(auth: TrackCaller, ids: readonly string[]): Promise<TaskView[]> {
  return (await readable(auth, (await Promise.all(ids.map(contentById))).map(ofType('Task')))).map(toTaskView);
}

export async function readUpload(auth: TrackCaller, id: string): Promise<UploadView> {
  return toUploadView(await requireReadable(auth, ofType('Upload')(await contentById(id)), 'Upload not found.'));
}

export async function readUploads(auth: TrackCaller, ids: readonly string[]): Promise<UploadView[]> {
  return (await readable(auth, (await Promise.all(ids.map(contentById))).map(ofType('Upload')))).map(toUploadView);
}
