import { isResponsibleFor } from '../../../shared/auth/policies';
import { advisorIdsOf, type TrackInstanceItem } from '../enrolments/instance-access';
import { contentDoneOf, decisionOf } from '../step-work/step-state';
import type { StepDesign, StepWork } from '../enrolments/step-instance-store';
import { namedRoles } from '../step-work/step-roles';

/**
 * Who a waiting step's reminder goes to (issue 13), by the rule that decides who may do each
 * part (`isResponsibleFor`, the step page's): Ready, the people responsible for its undone
 * content (the participant for Participant content, the assignee of any other role); Resubmit
 * (an action was denied, the content must be handed in again), the people responsible for it all;
 * PendingReview, the deciders of its pending actions (the approvers those actions name), or the
 * advisors when no assignee holds that role. Override roles are not reminded: they may act,
 * but nobody waits for them.
 */
export async function whoMustAct(instance: TrackInstanceItem, work: StepWork, design: StepDesign): Promise<string[]> {
  const reviewing = work.step.status === 'PendingReview';
  const roleIds = reviewing
    ? design.actions.filter((t) => work.actions.some((a) => a.actionTemplateId === t.actionTemplateId && decisionOf(a.approved) === 'pending')).map((t) => t.roleId)
    : design.contents.filter((t) => work.step.status === 'Resubmit' || !contentDoneOf(work, t.contentTemplateId)).map((t) => t.roleId);
  const roles = [...(await namedRoles([...new Set(roleIds)])).values()];
  const assignees = instance.assignees.map((a) => ({ userId: a.userId, roleId: a.roleId }));
  const candidates = [instance.participantId, ...assignees.map((a) => a.userId)];
  const responsible = candidates.filter((viewerId) =>
    roles.some((completedBy) => isResponsibleFor({ viewerId, participantId: instance.participantId, assignees, completedBy, hasOverride: false })),
  );
  if (responsible.length) return [...new Set(responsible)];
  return reviewing ? advisorIdsOf(instance) : [instance.participantId];
}
