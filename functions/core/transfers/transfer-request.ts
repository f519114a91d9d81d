import { TRANSFER_MESSAGES, type TransferRequest, type TransferView } from '../../../shared/schemas/transfer';
import { getLocation, type LocationItem } from '../../db/access/location-store';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { transact } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { auditActorOf } from '../records/audit-write';
import { CONFERENCE_NOT_FOUND, requireGovernedConference } from '../retention/retention-access';
import type { AuthContext } from '../session/resolve-session';
import { isSystemTrack } from '../tracks/track-scope';
import { transferChanges, transferPersonEntry } from './transfer-records';
import { nameOf, releaseOpenClaim, requireTransfer, takeOpenClaim, type TransferItem } from './transfer-store';
import { sidesOf, transferView } from './transfer-view';

/** Enrolments one person may hold are few; a page this size holds them all. */
const ENROLMENTS_READ = 100;

/** The participant's enrolments in conference tracks other than `exceptConferenceId`, by conference. */
export async function enrolmentsByConference(participantId: string, exceptConferenceId?: string) {
  const { data } = await db().entities.trackInstance.query.byParticipant({ participantId }).go({ limit: ENROLMENTS_READ, consistent: false });
  const byConference = new Map<string, typeof data>();
  for (const instance of data) {
    if (isSystemTrack(instance.conferenceId) || instance.conferenceId === exceptConferenceId) continue;
    byConference.set(instance.conferenceId, [...(byConference.get(instance.conferenceId) ?? []), instance]);
  }
  return byConference;
}

/** The district or church of the receiving conference the candidate joins. */
async function receivingPlace(conference: LocationItem, locationId: string): Promise<LocationItem> {
  const place = await getLocation(locationId);
  const fits = place?.active && (place.kind === 'District' || place.kind === 'Church') && place.ancestorIds.includes(conference.locationId);
  if (!place || !fits) throw new ValidationError({ locationId: [TRANSFER_MESSAGES.placeOutside] });
  return place;
}

/**
 * The receiving conference asks for a candidate (issue 26, item 4). The candidate is named by
 * email: the answer says only whether someone with that email is enrolled in exactly one other
 * conference, never what they are enrolled in. One transfer per candidate is under way at a time
 * (a claim taken in the same transaction).
 */
export async function requestTransfer(auth: AuthContext, conferenceId: string, input: TransferRequest): Promise<TransferView> {
  const to = await requireGovernedConference(auth, conferenceId);
  if (to.kind !== 'Conference') throw new NotFoundError(CONFERENCE_NOT_FOUND);
  const place = await receivingPlace(to, input.locationId);
  const { data: claim } = await db().entities.userEmail.get({ email: input.email }).go();
  const target = claim ? await loadUserAggregate(claim.userId) : null;
  const noCandidate = new ValidationError({ email: [TRANSFER_MESSAGES.noCandidate] });
  if (!target || target.user.inactive) throw noCandidate;
  const conferences = [...(await enrolmentsByConference(target.user.userId, to.locationId)).keys()];
  if (conferences.length === 0) throw noCandidate;
  if (conferences.length > 1) throw new ValidationError({ email: [TRANSFER_MESSAGES.severalConferences] });
  const from = await getLocation(conferences[0]);
  if (!from) throw noCandidate;

  const now = new Date().toISOString();
  const actor = auditActorOf(auth);
  const transfer: TransferItem = {
    transferId: newId(),
    status: 'requested',
    participantId: target.user.userId,
    participant: { firstName: target.user.firstName, lastName: target.user.lastName, email: target.user.email },
    fromConferenceId: from.locationId,
    fromConferenceName: from.name,
    toConferenceId: to.locationId,
    toConferenceName: to.name,
    toLocationId: place.locationId,
    toLocationName: place.name,
    toLocationKind: place.kind as 'District' | 'Church',
    toAncestorIds: place.ancestorIds,
    note: input.note,
    requestedBy: { userId: auth.userId, name: actor.actorName },
    requestedAt: now,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await transact([
    (tx) => tx.enrolmentTransfer.create(transfer).commit(),
    { write: takeOpenClaim(transfer.participantId, transfer.transferId, now), onConditionFailed: () => new ConflictError(TRANSFER_MESSAGES.alreadyOpen) },
    transferPersonEntry(actor, target, transfer, 'to', 'user.transfer.requested', [...transferChanges(transfer), ...(input.note ? [{ field: 'note', after: input.note }] : [])]),
  ]);
  return transferView(transfer, await sidesOf(auth, transfer));
}

/**
 * A transfer the caller may see: one of its conferences is theirs (else 404, so a transfer's
 * existence is not told to others), and the side named governs it (else 403).
 */
export async function requireTransferSide(auth: AuthContext, transferId: string, side?: 'sending' | 'receiving') {
  const transfer = await requireTransfer(transferId);
  const sides = await sidesOf(auth, transfer);
  if (!sides.sending && !sides.receiving) throw new NotFoundError(TRANSFER_MESSAGES.notFound);
  if (side && !sides[side]) throw new ForbiddenError();
  return { transfer, sides };
}

/** A decision is taken on the version read, and only while the transfer is requested. */
export function assertRequested(transfer: TransferItem, version: number): void {
  if (transfer.status !== 'requested') throw new ConflictError(TRANSFER_MESSAGES.notRequested);
  if (transfer.version !== version) throw new ConflictError();
}

/** The receiving conference withdraws its request before it is decided. */
export async function cancelTransfer(auth: AuthContext, transferId: string, input: { version: number }): Promise<TransferView> {
  const { transfer, sides } = await requireTransferSide(auth, transferId, 'receiving');
  assertRequested(transfer, input.version);
  const target = await loadUserAggregate(transfer.participantId);
  const now = new Date().toISOString();
  await transact([
    { write: (tx) => tx.enrolmentTransfer.patch({ transferId }).set({ status: 'cancelled', decidedBy: { userId: auth.userId, name: nameOf(auth.user) }, decidedAt: now }).add({ version: 1 }).where(ifVersion(input.version)).commit(), onConditionFailed: () => new ConflictError() },
    releaseOpenClaim(transfer.participantId, transferId),
    ...(target ? [transferPersonEntry(auditActorOf(auth), target, transfer, 'to', 'user.transfer.cancelled', transferChanges(transfer))] : []),
  ]);
  return transferView((await requireTransfer(transferId)), sides);
}
