import { db } from '../../db/service';
import { HttpError } from '../../lib/errors';
import type { ContentItem } from '../tracks/step-view';
import type { AuthContext } from '../session/resolve-session';
import { mayViewContent, requireStepRights, responsibleFor, type StepRights } from './step-access';
import { readTrackInstance, type ContentInstanceItem } from '../enrolments/step-instance-store';
import { namedRoles } from './step-roles';
import { noteRead } from '../read-log/read-write';

/** What one request has read already: rights per track instance, templates per id (a list of 100 reads each once). */
export interface ContentReads {
  rights: Map<string, Promise<StepRights | null>>;
  templates: Map<string, Promise<ContentItem | null>>;
}
export const contentReads = (): ContentReads => ({ rights: new Map(), templates: new Map() });

function once<T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  if (!cache.has(key)) cache.set(key, read());
  return cache.get(key)!;
}

/** The caller's rights on an instance, or null where the step page would refuse them. */
function rightsOn(auth: AuthContext, trackInstanceId: string, reads: ContentReads): Promise<StepRights | null> {
  return once(reads.rights, trackInstanceId, async () => {
    try {
      return await requireStepRights(auth, await readTrackInstance(trackInstanceId));
    } catch (error) {
      if (error instanceof HttpError) return null;
      throw error;
    }
  });
}

/**
 * A content instance the caller may view as the step page shows it (whoever reads the
 * instance; private content only the responsible, an override or an approved role), else
 * null: callers that may not get nothing about it, not even that it exists.
 */
export async function viewableContent(auth: AuthContext, contentInstanceId: string, reads = contentReads()): Promise<ContentInstanceItem | null> {
  const { data } = await db().entities.stepContentInstance.query.byId({ contentInstanceId }).go({ limit: 1 });
  const item = data[0];
  if (!item) return null;
  const rights = await rightsOn(auth, item.trackInstanceId, reads);
  if (!rights) return null;
  const template = await once(reads.templates, item.contentTemplateId, async () => (await db().entities.stepContentTemplate.query.byId({ contentTemplateId: item.contentTemplateId }).go({ limit: 1 })).data[0] ?? null);
  if (!template) return null;
  const role = (await namedRoles([template.roleId])).get(template.roleId)!;
  if (!mayViewContent(rights, template, responsibleFor(rights, role))) return null;
  if (template.isPrivate) noteRead({ ownerId: rights.participantId, kind: 'stepContent', objectId: item.contentInstanceId, label: template.name, trackInstanceId: item.trackInstanceId });
  return item;
}
