import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { ActionInstanceView, ContentInstanceView, StepInstancePage } from '../../../shared/schemas/step-instance';
import type { StepCaller } from './step-access';
import { locateAction, locateContent } from '../enrolments/step-instance-store';
import { notePrivateContents, readStepPage } from './step-page';

/**
 * SPEC.md section 7's step, content, action and task instance getters. Each is the step page's
 * own read (`stepInstancePage`: the track instance's access rule, private content only named),
 * cut down to what was asked: one way to decide who sees what. Lists leave out unknown ids and
 * steps the caller may not read; a single read answers 404 or 403 as the page does.
 */

type ReadPage = { page: StepInstancePage; participantId: string };

/** The pages of these steps the caller may read, each read once, in the order asked (what is answered of them is recorded by the caller). */
async function readablePages(auth: StepCaller, stepInstanceIds: string[]): Promise<Map<string, ReadPage>> {
  const unique = [...new Set(stepInstanceIds)];
  const pages = await Promise.all(unique.map((id) => readStepPage(auth, id).catch(leftOut)));
  return new Map(unique.flatMap((id, i) => (pages[i] ? [[id, pages[i]] as const] : [])));
}

function leftOut(error: unknown): null {
  if (error instanceof NotFoundError || error instanceof ForbiddenError) return null;
  throw error;
}

const located = <T>(find: (id: string) => Promise<T>) => (id: string) => find(id).catch(leftOut);

export async function stepInstances(auth: StepCaller, ids: string[]): Promise<StepInstancePage[]> {
  const pages = await readablePages(auth, ids);
  return [...new Set(ids)].flatMap((id) => {
    const read = pages.get(id);
    if (!read) return [];
    notePrivateContents(read.participantId, read.page);
    return [read.page];
  });
}

export async function contentInstances(auth: StepCaller, ids: string[], type?: ContentInstanceView['type']): Promise<ContentInstanceView[]> {
  const items = (await Promise.all([...new Set(ids)].map(located(locateContent)))).filter((item) => item !== null);
  const pages = await readablePages(auth, items.map((item) => item.stepInstanceId));
  return items.flatMap((item) => {
    const read = pages.get(item.stepInstanceId);
    const content = read?.page.contents.find((c) => c.id === item.contentInstanceId && (!type || c.type === type));
    if (!read || !content) return [];
    notePrivateContents(read.participantId, read.page, [content]);
    return [content];
  });
}

export async function contentInstance(auth: StepCaller, id: string, type?: ContentInstanceView['type']): Promise<ContentInstanceView> {
  const item = await locateContent(id);
  const { page, participantId } = await readStepPage(auth, item.stepInstanceId);
  const content = page.contents.find((c) => c.id === id && (!type || c.type === type));
  if (!content) throw new NotFoundError('Content not found.');
  notePrivateContents(participantId, page, [content]);
  return content;
}

export async function actionInstances(auth: StepCaller, ids: string[]): Promise<ActionInstanceView[]> {
  const items = (await Promise.all([...new Set(ids)].map(located(locateAction)))).filter((item) => item !== null);
  const pages = await readablePages(auth, items.map((item) => item.stepInstanceId));
  return items.flatMap((item) => pages.get(item.stepInstanceId)?.page.actions.find((action) => action.id === item.actionInstanceId) ?? []);
}
