import { createHash } from 'node:crypto';
import { project, type ProjectOptions, type ProjectionOutcome } from '../../db/directory-projection';
import { db } from '../../db/service';
import { TRACK_PHASES_MAX } from '../../../shared/api/limits';
import { instanceSteps } from '../enrolments/instance-status';
import { enrolmentTallies } from './tally-metrics';

/**
 * An enrolment's dashboard figures (./tally-metrics.ts) from its current state, under the same
 * projection record, lease and exactly-once counting as the directory (source `dashboard`). Run by
 * the stream only, never on a request's path: for every change of the `trackInstance` and every
 * step whose status changed (functions/events/stream-records.ts). An Open enrolment costs one Get,
 * a Query of its steps and one of its track's phases; any other, the Get.
 */
export async function projectDashboard(trackInstanceId: string, options?: ProjectOptions): Promise<ProjectionOutcome> {
  return project(
    'dashboard',
    trackInstanceId,
    async () => {
      const { data: enrolment } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true });
      if (!enrolment) return { entries: [], tallies: [], sourceVersion: 'deleted' };
      const [steps, phaseOrder] = enrolment.status === 'Open' ? await Promise.all([instanceSteps(trackInstanceId), phaseOrderOf(enrolment.trackTemplateId)]) : [[], []];
      const tallies = enrolmentTallies(enrolment, steps, phaseOrder);
      return { entries: [], tallies, sourceVersion: createHash('sha256').update(JSON.stringify(tallies)).digest('base64url').slice(0, 16) };
    },
    options,
  );
}

/** The track's phases in their order (only the phase items of the track's partition are read). */
export async function phaseOrderOf(trackTemplateId: string): Promise<string[]> {
  const { data } = await db().entities.phaseTemplate.query.byTrack({ trackTemplateId }).go({ limit: TRACK_PHASES_MAX, consistent: true, attributes: ['phaseId', 'order'] });
  return [...data].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).map((phase) => phase.phaseId);
}
