import type { EntityItem } from 'electrodb';
import { scoped } from '../../../shared/auth/ability';
import { PROFILE_TAB_MAX, type AssignmentRow, type DocumentRow, type FormTabRow } from '../../../shared/api/user-tabs';
import type { stepInstance } from '../../db/entities/step-instance';
import { db } from '../../db/service';
import { batchGet } from '../../db/transact';
import { summaryOf, type FormInstanceItem } from '../step-work/form-instances';
import type { StepItem } from '../tracks/track-store';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { canSeeTarget, loadTargetUser, userScope } from '../users/target-user';
import type { AuthContext } from '../session/resolve-session';
import { noteRead } from '../read-log/read-write';

type StepInstanceItem = EntityItem<typeof stepInstance>;

/**
 * The profile's Documents, User Assignments and Forms tabs (SPEC.md section 2): shown to users allowed
 * to update User, so answered to the user themselves and to callers who may update User where
 * the user is. Someone who cannot see the user gets 404; one who sees but may not update, 403.
 */
async function requireTabReader(auth: AuthContext, userId: string): Promise<void> {
  if (userId === auth.userId) return;
  const target = await loadTargetUser(userId);
  if (!canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
  if (!auth.ability.can('update', scoped('User', userScope(target)))) throw new ForbiddenError();
}

interface TabPage {
  limit: number;
  offset: number;
}

/** A page of a list read whole up to PROFILE_TAB_MAX (one Query). */
function pageFrom<T>(rows: T[], { limit, offset }: TabPage): { data: T[]; count: number } {
  return { data: rows.slice(offset, offset + limit), count: rows.length };
}

/** User Assignments: the participants the user is assigned to, by participant name. */
export async function assignedUsers(auth: AuthContext, userId: string, page: TabPage): Promise<{ data: AssignmentRow[]; count: number }> {
  await requireTabReader(auth, userId);
  const { data } = await db().entities.trackAssignee.query.byAssignee({ assigneeId: userId }).go({ limit: PROFILE_TAB_MAX });
  const rows = data.map((assignment) => ({
    trackInstanceId: assignment.trackInstanceId,
    trackTemplateId: assignment.trackTemplateId,
    participantId: assignment.participantId,
    firstName: assignment.participant.firstName,
    lastName: assignment.participant.lastName,
    email: assignment.participant.email,
    trackName: assignment.trackName,
    roleName: assignment.roleName,
  }));
  rows.sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`, 'en', { sensitivity: 'base' }));
  return pageFrom(rows, page);
}

/** The caller's role ids, read only when a private file asks (approved roles are role ids). */
async function callerRoleIds(auth: AuthContext): Promise<Set<string>> {
  const { data } = await db().entities.userRole.query.byUser({ userId: auth.userId }).go();
  return new Set(data.map((role) => role.roleId));
}

/** Private content's files are the participant's, a superadmin's, and those of its approved roles' holders. */
function maySeeDocument(auth: AuthContext, participantId: string, file: { isPrivate?: boolean; approvedRoles?: string[] }, roleIds: Set<string>): boolean {
  if (!file.isPrivate || auth.userId === participantId || auth.isSuperadmin) return true;
  return (file.approvedRoles ?? []).some((roleId) => roleIds.has(roleId));
}

/** Documents: the files the user submitted in steps, newest first. */
export async function associatedFiles(auth: AuthContext, userId: string, page: TabPage): Promise<{ data: DocumentRow[]; count: number }> {
  await requireTabReader(auth, userId);
  const { data } = await db().entities.associatedFile.query.byUser({ userId }).go({ limit: PROFILE_TAB_MAX });
  const roleIds = data.some((file) => file.isPrivate) ? await callerRoleIds(auth) : new Set<string>();
  const rows = data
    .filter((file) => maySeeDocument(auth, userId, file, roleIds))
    .map((file) => ({ key: file.fileKey, name: file.name, createdAt: file.createdAt, stepInstanceId: file.stepInstanceId, stepName: file.stepTemplateName }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  noteRead({ ownerId: userId, kind: 'documents', objectId: userId });
  return pageFrom(rows, page);
}

/** The page's form rows whose step may not be opened: its template is inactive or gone (two BatchGets, the page's steps only). */
async function unlinkedSteps(forms: FormInstanceItem[]): Promise<Set<string>> {
  if (forms.length === 0) return new Set();
  const steps = await batchGet<StepInstanceItem>(db().entities.stepInstance, forms.map(({ trackInstanceId, stepInstanceId }) => ({ trackInstanceId, stepInstanceId })));
  const templateKeys = new Map(steps.map(({ trackTemplateId, phaseId, stepTemplateId }) => [stepTemplateId, { trackTemplateId, phaseId, stepTemplateId }]));
  const templates = await batchGet<StepItem>(db().entities.stepTemplate, [...templateKeys.values()]);
  const active = new Set(templates.filter((template) => !template.inactive).map((template) => template.stepTemplateId));
  const linked = new Set(steps.filter((step) => active.has(step.stepTemplateId)).map((step) => step.stepInstanceId));
  return new Set(forms.map((form) => form.stepInstanceId).filter((id) => !linked.has(id)));
}

/** Forms: the user's form instances as summaries (never answers), in the order they were created. */
export async function userForms(auth: AuthContext, userId: string, page: TabPage): Promise<{ data: FormTabRow[]; count: number }> {
  await requireTabReader(auth, userId);
  const { data } = await db().entities.formInstance.query.byParticipant({ participantId: userId }).go({ limit: PROFILE_TAB_MAX });
  const shown = pageFrom(data, page);
  const unlinked = await unlinkedSteps(shown.data);
  const rows = shown.data.map((form) => {
    const { formId: _formId, formVersion: _formVersion, ...summary } = summaryOf(form);
    return { ...summary, stepInactive: unlinked.has(form.stepInstanceId) };
  });
  return { data: rows, count: shown.count };
}
