import { createHash } from 'node:crypto';
import { project, type ProjectOptions, type ProjectionOutcome } from '../../db/directory-projection';
import { db } from '../../db/service';
import { STEP_PARTS_MAX, TRACK_PHASES_MAX } from '../../../shared/api/limits';
import { instanceSteps } from '../enrolments/instance-status';
import { enrolmentTallies } from './tally-metrics';
import { committeesOfActions } from './stuck-entries';
import { dashboardEntries } from './dashboard-entries';

/**
 * An enrolment's dashboard figures (./tally-metrics.ts), its waiting steps in "who is stuck" and its
 * place in the lists behind the figures (./dashboard-entries.ts) from its current state, under the same projection record, lease and
 * exactly-once counting as the directory (source `dashboard`). Run by the stream only, never on a
 * request's path: for every change of the `trackInstance` and every step whose status changed
 * (functions/events/stream-records.ts). An Open enrolment costs one Get, a Query of its steps, one
 * of its track's phases and one of the actions of each step waiting for a review; any other, the Get.
 */
export async function projectDashboard(trackInstanceId: string, options?: ProjectOptions): Promise<ProjectionOutcome> {
  return project(
    'dashboard',
    trackInstanceId,
    async () => {
      const { data: enrolment } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true });
      if (!enrolment) return { entries: [], tallies: [], sourceVersion: 'deleted' };
      const [steps, phaseOrder] = enrolment.status === 'Open' ? await Promise.all([instanceSteps(trackInstanceId), phaseOrderOf(enrolment.trackTemplateId)]) : [[], []];
      const reviewed = [...new Set(steps.filter((step) => step.status === 'PendingReview').map((step) => step.stepTemplateId))];
      const committees = committeesOfActions((await Promise.all(reviewed.map((stepTemplateId) => actionsOf(enrolment.trackTemplateId, stepTemplateId)))).flat());
      const tallies = enrolmentTallies(enrolment, steps, phaseOrder);
      const entries = dashboardEntries(enrolment, steps, phaseOrder, committees);
      const digest = createHash('sha256').update(JSON.stringify([tallies, entries])).digest('base64url').slice(0, 16);
      return { entries, tallies, sourceVersion: digest };
    },
    options,
  );
}

/** The track's phases in their order (only the phase items of the track's partition are read). */
export async function phaseOrderOf(trackTemplateId: string): Promise<string[]> {
  const { data } = await db().entities.phaseTemplate.query.byTrack({ trackTemplateId }).go({ limit: TRACK_PHASES_MAX, consistent: true, attributes: ['phaseId', 'order'] });
  return [...data].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).map((phase) => phase.phaseId);
}

/** A step's action templates (their type and committee): at most a step's parts. */
async function actionsOf(trackTemplateId: string, stepTemplateId: string) {
  const { data } = await db()
    .entities.stepActionTemplate.query.byTrack({ trackTemplateId, stepTemplateId })
    .go({ limit: STEP_PARTS_MAX, consistent: true, attributes: ['stepTemplateId', 'type', 'vote'] });
  return data;
}
