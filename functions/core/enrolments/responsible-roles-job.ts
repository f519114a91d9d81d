import { newJob, type JobKind } from '../../db/jobs';
import { db } from '../../db/service';
import type { TransactionWrite } from '../../db/transact';
import { setIfPresent } from '../jobs/set-if-present';
import { readStepDesign } from './step-instance-store';
import { responsibleRoles, stepInstanceIdOf } from './instance-items';

/**
 * `stepInstance.responsibleRoleIds` is a copy of the roles completing a step template's content
 * and actions (the track page's "waits for" line). When an edit of the step changes that set,
 * the edit's transaction starts this job (`responsibleRolesWrites`); each job step reads the
 * template's CURRENT parts and sets the copy on the next page of the track's enrolments (the
 * step instance's id is derived from the enrolment and the template: no search). Idempotent
 * and resumable: a repeated page, or a second job after a second edit, sets the same value.
 * Enrolments without that step instance (not verified yet) are skipped; verify copies the
 * current roles itself.
 */
export const RESPONSIBLE_ROLES_JOB_KIND = 'step.refreshResponsibleRoles';

const PAGE = 100;

interface Input {
  trackTemplateId: string;
  stepTemplateId: string;
}

/**
 * What the step edit's transaction adds when the edit changes the step's responsible roles: the
 * job, and the track's `responsibleRolesVersion` moved, so an enrolment or verify-step-instances
 * still writing from the design before (not visible to the job yet) fails its guarded write and
 * writes again (roles-guard.ts). Started whatever the track's `instanceCount` read: an enrolment
 * may become visible between that read and this transaction. Nothing when the roles are the same.
 */
export function responsibleRolesWrites(ownerId: string, input: Input & { stepName: string; before: readonly string[]; after: readonly string[] }): TransactionWrite[] {
  const same = input.before.length === input.after.length && input.before.every((roleId, index) => input.after[index] === roleId);
  if (same) return [];
  const job = newJob({
    kind: RESPONSIBLE_ROLES_JOB_KIND,
    ownerId,
    title: `Updating who completes ${input.stepName} in its enrolments`,
    input: { trackTemplateId: input.trackTemplateId, stepTemplateId: input.stepTemplateId } satisfies Input,
  });
  return [job.write, (tx) => tx.trackTemplate.patch({ trackTemplateId: input.trackTemplateId }).add({ responsibleRolesVersion: 1 }).commit()];
}

export const refreshResponsibleRolesJob: JobKind<Input> = {
  async step(job) {
    const { trackTemplateId, stepTemplateId } = job.input;
    const page = (job.cursor as string | null) ?? null;
    const [design, instances, track] = await Promise.all([
      readStepDesign(stepTemplateId).catch(() => null),
      db().entities.trackInstance.query.byTemplate({ trackTemplateId }).go({ limit: PAGE, cursor: page, attributes: ['trackInstanceId', 'createdAt'] }),
      page ? null : db().entities.trackTemplate.get({ trackTemplateId }).go(),
    ]);
    // The step is gone: its instances are no longer shown, nothing to keep true.
    if (!design) return { done: 0, finished: true };
    const roleIds = responsibleRoles(stepTemplateId, design);
    await Promise.all(
      instances.data.map((instance) =>
        setIfPresent(() =>
          db()
            .entities.stepInstance.patch({ trackInstanceId: instance.trackInstanceId, stepInstanceId: stepInstanceIdOf(instance, stepTemplateId) })
            .set({ responsibleRoleIds: roleIds })
            .go(),
        ),
      ),
    );
    const total = track?.data?.instanceCount;
    return { done: instances.data.length, ...(total !== undefined ? { total } : {}), ...(instances.cursor ? { cursor: instances.cursor } : { finished: true }) };
  },
};
