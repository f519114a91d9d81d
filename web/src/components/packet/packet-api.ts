import type { PacketRequest } from '@shared/api/candidate-packet';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';

/** Starts the candidate packet of an enrolment (202: the job to follow). */
export const startPacket = (trackInstanceId: string, body: PacketRequest) => call(routes.track.startPacket, { params: { id: trackInstanceId }, body });

/** The caller's finished packet of the enrolment: a short-lived download link (the read is recorded first). */
export const packetLink = (trackInstanceId: string) => call(routes.track.packetLink, { params: { id: trackInstanceId } });
