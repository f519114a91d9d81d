import { transact } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { ForbiddenError, StaleVersionError } from '../../lib/errors';
import type { TrackInstanceView } from '../../../shared/schemas/track-instance';
import type { TrackInstanceStatus } from '../../../shared/tracks/step-status';
import { eventWrites, trackInstanceLink } from './instance-events';
import { requireInstance, type InstanceCaller } from './instance-access';
import { readTrackInstance } from './instance-read';

export const STATUS_CHANGE_REFUSED = 'Only the participant\u2019s advisor or a track administrator can change the status of this track.';

/**
 * `PATCH track/instance` (SPEC.md section 4: track statuses are "settable directly under the
 * same visibility rule"): the participant's advisor or a track-override role, never the
 * participant; on the version the caller read (stale: 409); the participant hears of it.
 */
export async function setInstanceStatus(auth: InstanceCaller, input: { id: string; status: TrackInstanceStatus; version: number }): Promise<TrackInstanceView> {
  const { instance, rights } = await requireInstance(auth, input.id);
  if (!rights.canChangeStatus) throw new ForbiddenError(STATUS_CHANGE_REFUSED);
  if (instance.version !== input.version) throw new StaleVersionError(undefined, instance.version);
  if (instance.status !== input.status) {
    await transact([
      (tx) =>
        tx.trackInstance
          .patch({ trackInstanceId: instance.trackInstanceId })
          .set({ status: input.status })
          // The status is part of the gsi3 key (byTemplateStatus): ElectroDB builds it with the template id.
          .composite({ trackTemplateId: instance.trackTemplateId })
          .add({ version: 1 })
          .where(ifVersion(input.version))
          .commit(),
      ...eventWrites({
        recipientIds: [instance.participantId],
        actorId: auth.userId,
        message: `Your ${instance.trackName} track is now ${input.status}.`,
        link: trackInstanceLink(instance.trackTemplateId, instance.trackInstanceId),
      }),
    ]);
  }
  return readTrackInstance(auth, instance.trackInstanceId);
}
