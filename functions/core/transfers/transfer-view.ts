import type { TransferView } from '../../../shared/schemas/transfer';
import { getLocationsById, type LocationItem } from '../../db/access/location-store';
import { governsConference } from '../retention/retention-access';
import type { TransferItem } from './transfer-store';

type Caller = Parameters<typeof governsConference>[0];

/** Which sides of a transfer the caller governs (superadmins both). */
export interface TransferSides {
  sending: boolean;
  receiving: boolean;
}

type Sides = Pick<TransferItem, 'fromConferenceId' | 'toConferenceId'>;

/** The sides from conferences already read (a list reads each conference once). */
export function sidesIn(auth: Caller, transfer: Sides, places: Map<string, LocationItem>): TransferSides {
  const governs = (place: LocationItem | undefined) => Boolean(place && governsConference(auth, place));
  return { sending: governs(places.get(transfer.fromConferenceId)), receiving: governs(places.get(transfer.toConferenceId)) };
}

export async function sidesOf(auth: Caller, transfer: Sides): Promise<TransferSides> {
  return sidesIn(auth, transfer, await getLocationsById([transfer.fromConferenceId, transfer.toConferenceId]));
}

/** A transfer as its lists and dialogs show it, with what the caller may do now. */
export function transferView(item: TransferItem, sides: TransferSides): TransferView {
  const requested = item.status === 'requested';
  return {
    transferId: item.transferId,
    status: item.status,
    candidate: { userId: item.participantId, ...item.participant },
    from: { conferenceId: item.fromConferenceId, name: item.fromConferenceName },
    to: { conferenceId: item.toConferenceId, name: item.toConferenceName, locationId: item.toLocationId, locationName: item.toLocationName },
    note: item.note,
    ...(item.reason ? { reason: item.reason } : {}),
    tracks: item.trackNames ?? [],
    requestedBy: item.requestedBy,
    requestedAt: item.requestedAt,
    ...(item.decidedBy ? { decidedBy: item.decidedBy } : {}),
    ...(item.decidedAt ? { decidedAt: item.decidedAt } : {}),
    ...(item.completedAt ? { completedAt: item.completedAt } : {}),
    ...(item.jobId ? { jobId: item.jobId } : {}),
    canDecide: requested && sides.sending,
    canCancel: requested && sides.receiving,
    version: item.version,
  };
}
