import { ValidationError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { requireStepRights, responsibleFor, type StepRights } from './step-access';
import { locateContent, readStepDesign, readStepWorkConsistent, readTrackInstance, type ContentInstanceItem, type StepDesign, type StepWork, type TrackInstanceItem } from '../enrolments/step-instance-store';
import type { ContentItem } from '../tracks/step-view';
import { namedRoles, type NamedRole } from './step-roles';

export const NOT_RESPONSIBLE = 'Only the person responsible for this item can change it.';

export type Caller = Pick<AuthContext, 'userId' | 'sessionId' | 'roles' | 'permissions' | 'ability' | 'user'>;

/** A step read for a write: its work (consistent), template and instance, and the caller's rights on it. */
export interface LoadedStep {
  rights: StepRights;
  instance: TrackInstanceItem;
  work: StepWork;
  design: StepDesign;
}

/** A step read for a write: its work from the main table (consistent), its template and instance, the caller's rights. */
export async function loadStepForWrite(auth: Caller, trackInstanceId: string, stepInstanceId: string): Promise<LoadedStep> {
  const [work, instance] = await Promise.all([readStepWorkConsistent(trackInstanceId, stepInstanceId), readTrackInstance(trackInstanceId, true)]);
  const [design, rights] = await Promise.all([readStepDesign(work.step.stepTemplateId), requireStepRights(auth, instance)]);
  return { rights, instance, work, design };
}

/** One content instance with its step as read for a write, its template and whether the caller is responsible for it. */
export interface LoadedContent extends LoadedStep {
  item: ContentInstanceItem;
  template: ContentItem;
  role: NamedRole;
  responsible: boolean;
}

export async function loadContentForWrite(auth: Caller, contentInstanceId: string): Promise<LoadedContent> {
  const located = await locateContent(contentInstanceId);
  const loaded = await loadStepForWrite(auth, located.trackInstanceId, located.stepInstanceId);
  const item = loaded.work.contents.find((c) => c.contentInstanceId === contentInstanceId)!;
  const template = loaded.design.contents.find((t) => t.contentTemplateId === item.contentTemplateId);
  if (!template) throw new ValidationError({ instanceType: ['This content is no longer part of the step.'] });
  const role = (await namedRoles([template.roleId])).get(template.roleId)!;
  return { ...loaded, item, template, role, responsible: responsibleFor(loaded.rights, role) };
}
