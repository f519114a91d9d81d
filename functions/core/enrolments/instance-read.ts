import type { EntityItem } from 'electrodb';
import type { stepInstance } from '../../db/entities/step-instance';
import type { trackAssignee } from '../../db/entities/track-assignee';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import { db } from '../../db/service';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { TRACK_STEPS_MAX } from '../../../shared/api/limits';
import { roleLabel } from '../../../shared/auth/system-roles';
import type { InstanceStep, TrackInstanceView } from '../../../shared/schemas/track-instance';
import { inDependencyOrder } from '../../../shared/tracks/step-order';
import { loadRoles } from '../../db/access/role-cache';
import { readTrackAggregate, type StepItem, type TrackAggregate } from '../tracks/track-store';
import { inDesignOrder } from '../tracks/track-view';
import { advisorIdsOf, INSTANCE_NOT_FOUND, instanceRights, NO_TRACK_ACCESS, type InstanceCaller, type TrackInstanceItem } from './instance-access';

type StepInstanceItem = EntityItem<typeof stepInstance>;

export interface InstanceSummary {
  instance: TrackInstanceItem;
  assignees: Array<EntityItem<typeof trackAssignee>>;
  steps: StepInstanceItem[];
}

/** The instance with its assignees and step instances: one Query of `trackInstanceSummary`. */
export async function readInstanceSummary(trackInstanceId: string): Promise<InstanceSummary | null> {
  const { data } = await db()
    .collections.trackInstanceSummary({ trackInstanceId })
    .go({ limit: TRACK_STEPS_MAX + 100, consistent: true });
  const instance = data.trackInstance[0];
  return instance ? { instance, assignees: data.trackAssignee, steps: data.stepInstance } : null;
}

/** Shown on the track page: steps of inactive templates only once Completed or awaiting review (SPEC.md section 2). */
const isVisible = (template: StepItem, status: StepInstanceItem['status']) => !template.inactive || status === 'Completed' || status === 'PendingReview';

/** Active step templates without an instance: added since enrolment. */
export function missingStepTemplates(outline: TrackAggregate, steps: readonly StepInstanceItem[]): StepItem[] {
  const have = new Set(steps.map((step) => step.stepTemplateId));
  return outline.steps.filter((step) => !step.inactive && !have.has(step.stepTemplateId));
}

/**
 * `GET track/track-instance/{id}` (SPEC.md section 2): three requests whatever the track's size,
 * the instance's summary, then the template's outline and the participant (avatar, and the
 * permissions track access may need) side by side. Role names come from the role cache.
 */
export async function readTrackInstance(
  auth: InstanceCaller,
  trackInstanceId: string,
  /** Someone else the caller's use opens it to (the candidate packet's committee members: packet-access.ts); never the status selector. */
  alsoOpensTo?: (instance: TrackInstanceItem) => Promise<boolean>,
): Promise<TrackInstanceView> {
  const summary = await readInstanceSummary(trackInstanceId);
  if (!summary) throw new NotFoundError(INSTANCE_NOT_FOUND);
  const { instance } = summary;
  const [outline, participant] = await Promise.all([readTrackAggregate(instance.trackTemplateId), loadUserAggregate(instance.participantId)]);
  const rights = instanceRights(auth, instance, participant);
  if (!rights.canAccess && !(await alsoOpensTo?.(instance))) throw new ForbiddenError(NO_TRACK_ACCESS);
  if (!outline) throw new NotFoundError('Track not found.');

  const byTemplate = new Map(summary.steps.map((step) => [step.stepTemplateId, step]));
  const templates = new Map(outline.steps.map((step) => [step.stepTemplateId, step]));
  const roleNames = await responsibleRoleNames(summary.steps);
  const phases = [...outline.phases]
    .sort((a, b) => a.order - b.order)
    .map((phase) => {
      const nodes = inDesignOrder(outline.steps.filter((step) => step.phaseId === phase.phaseId)).map((step) => ({ ...step, id: step.stepTemplateId }));
      const steps = inDependencyOrder(nodes).flatMap((template): InstanceStep[] => {
        const step = byTemplate.get(template.stepTemplateId);
        if (!step || !isVisible(template, step.status)) return [];
        const waitsFor =
          step.status !== 'Unavailable'
            ? []
            : template.prerequisites.flatMap((id) => {
                const prerequisite = templates.get(id);
                const done = byTemplate.get(id);
                if (!prerequisite || prerequisite.inactive || done?.status === 'Completed') return [];
                return [{ stepInstanceId: done?.stepInstanceId ?? null, name: prerequisite.name, responsible: (done?.responsibleRoleIds ?? []).map((roleId) => roleNames.get(roleId) ?? 'Unknown role') }];
              });
        return [{ id: step.stepInstanceId, stepTemplateId: template.stepTemplateId, name: template.name, status: step.status, required: template.required, inactive: template.inactive, dueAt: step.dueAt ?? null, waitsFor }];
      });
      return { id: phase.phaseId, name: phase.name, order: phase.order, steps };
    });
  const required = phases.flatMap((phase) => phase.steps).filter((step) => step.required);
  const advisorIds = new Set(advisorIdsOf(instance));
  return {
    id: instance.trackInstanceId,
    version: instance.version,
    status: instance.status,
    trackTemplateId: instance.trackTemplateId,
    trackName: outline.track.name,
    createdAt: instance.createdAt,
    participant: {
      id: instance.participantId,
      firstName: instance.participant.firstName,
      lastName: instance.participant.lastName,
      avatarUrl: participant?.user.avatar?.url ?? null,
    },
    advisors: instance.assignees.filter((a) => advisorIds.has(a.userId)).map((a) => ({ id: a.userId, firstName: a.firstName, lastName: a.lastName })),
    phases,
    progress: { completed: required.filter((step) => step.status === 'Completed').length, total: required.length },
    canChangeStatus: rights.canChangeStatus,
    missingSteps: missingStepTemplates(outline, summary.steps).length,
  };
}

async function responsibleRoleNames(steps: readonly StepInstanceItem[]): Promise<Map<string, string>> {
  const ids = [...new Set(steps.flatMap((step) => step.responsibleRoleIds ?? []))];
  const roles = ids.length ? await loadRoles(ids) : [];
  return new Map(roles.map((role) => [role.roleId, roleLabel(role)]));
}
