import type { JobKind } from '../../db/jobs';
import { db } from '../../db/service';
import { setIfPresent } from '../../db/set-if-present';
import { readStepDesign } from './step-instance-store';
import { responsibleRoles, type ResponsibleRolesJobInput } from '../tracks/responsible-roles';
import { stepInstanceIdOf } from './instance-items';

const PAGE = 100;

/**
 * Refreshes `stepInstance.responsibleRoleIds` after an edit of a step changed its responsible
 * roles (the edit starts this job: functions/core/tracks/responsible-roles.ts). Each job step
 * reads the template's CURRENT parts and sets the copy on the next page of the track's enrolments
 * (the step instance's id is derived from the enrolment and the template: no search). Idempotent
 * and resumable: a repeated page, or a second job after a second edit, sets the same value.
 * Enrolments without that step instance (not verified yet) are skipped; verify copies the
 * current roles itself.
 */
export const refreshResponsibleRolesJob: JobKind<ResponsibleRolesJobInput> = {
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
