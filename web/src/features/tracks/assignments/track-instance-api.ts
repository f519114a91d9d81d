import type { TrackInstanceStatus } from '@shared/tracks/step-status';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';

/** The participant's track page (3 requests on the server). */
export function useTrackInstance(trackInstanceId: string) {
  return useApi(routes.track.trackInstance, { params: { id: trackInstanceId } }, { revalidateOnMount: true });
}

/** Creates the step instances of steps added since enrolment. */
export const verifyStepInstances = (trackInstanceId: string) => call(routes.track.verifyStepInstances, { params: { id: trackInstanceId } });

export const setInstanceStatus = (body: { id: string; status: TrackInstanceStatus; version: number }) => call(routes.track.updateInstance, { body });
