import { db } from '../service';
import { SYSTEM_LOCATION_ID } from '../entities/location';
import { projectDashboard } from '../../core/dashboard/dashboard-projector';

/**
 * The demo's dashboard figures (issue 27). The seed writes while no stream worker runs (`npm
 * start` reads the stream from "now" on), so each demo enrolment is projected here, walked by
 * key: the conferences and System, their tracks, the tracks' enrolments (a demo's few dozen).
 * Idempotent, like every projection.
 */
export async function seedDashboards(): Promise<number> {
  const { data: conferences } = await db().entities.location.query.byKind({ kind: 'Conference' }).go({ pages: 'all', attributes: ['locationId'] });
  let projected = 0;
  for (const conferenceId of [SYSTEM_LOCATION_ID, ...conferences.map((conference) => conference.locationId)]) {
    const { data: tracks } = await db().entities.trackTemplate.query.byConference({ conferenceId }).go({ pages: 'all', attributes: ['trackTemplateId'] });
    for (const { trackTemplateId } of tracks) {
      const { data: enrolments } = await db().entities.trackInstance.query.byTemplate({ trackTemplateId }).go({ pages: 'all', attributes: ['trackInstanceId'] });
      for (const { trackInstanceId } of enrolments) {
        await projectDashboard(trackInstanceId);
        projected++;
      }
    }
  }
  return projected;
}
