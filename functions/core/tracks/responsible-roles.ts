import { newJob } from '../../db/jobs';
import type { TransactionWrite } from '../../db/transact';
import type { ActionItem, ContentItem } from './step-view';

/**
 * `stepInstance.responsibleRoleIds` is a copy of the roles completing a step template's content
 * and actions (the track page's "waits for" line). When an edit of the step changes that set,
 * the edit's transaction starts a job that refreshes the copy on the track's enrolments
 * (functions/core/enrolments/responsible-roles-job.ts).
 */
export const RESPONSIBLE_ROLES_JOB_KIND = 'step.refreshResponsibleRoles';

export interface ResponsibleRolesJobInput {
  trackTemplateId: string;
  stepTemplateId: string;
}

/** The roles completing a step's content and actions, in order of appearance. */
export function responsibleRoles(stepTemplateId: string, parts: { contents: readonly ContentItem[]; actions: readonly ActionItem[] }): string[] {
  const ids = [...parts.contents, ...parts.actions].filter((part) => part.stepTemplateId === stepTemplateId).map((part) => part.roleId);
  return [...new Set(ids)];
}

/**
 * What the step edit's transaction adds when the edit changes the step's responsible roles: the
 * job, and the track's `responsibleRolesVersion` moved, so an enrolment or verify-step-instances
 * still writing from the design before (not visible to the job yet) fails its guarded write and
 * writes again (functions/core/enrolments/roles-guard.ts). Started whatever the track's
 * `instanceCount` read: an enrolment may become visible between that read and this transaction.
 * Nothing when the roles are the same.
 */
export function responsibleRolesWrites(ownerId: string, input: ResponsibleRolesJobInput & { stepName: string; before: readonly string[]; after: readonly string[] }): TransactionWrite[] {
  const same = input.before.length === input.after.length && input.before.every((roleId, index) => input.after[index] === roleId);
  if (same) return [];
  const job = newJob({
    kind: RESPONSIBLE_ROLES_JOB_KIND,
    ownerId,
    title: `Updating who completes ${input.stepName} in its enrolments`,
    input: { trackTemplateId: input.trackTemplateId, stepTemplateId: input.stepTemplateId } satisfies ResponsibleRolesJobInput,
  });
  return [job.write, (tx) => tx.trackTemplate.patch({ trackTemplateId: input.trackTemplateId }).add({ responsibleRolesVersion: 1 }).commit()];
}
