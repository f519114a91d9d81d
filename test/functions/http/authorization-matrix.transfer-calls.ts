import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import type { MatrixCall } from './authorization-matrix.calls';
import { holdOf } from './authorization-matrix.retention-calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

/**
 * A requested transfer of the target person within the target's conference, written straight to
 * the table (one per call: nothing is shared). Both sides are the target's conference, so an
 * answer names no place of the other column: who may act depends on that conference alone. The
 * person's hold is lifted first.
 */
async function transferIn(target: Target): Promise<string> {
  // The legal-hold rows run first and may leave the target held, which approval rightly refuses (422).
  await holdOf(target.userId, false);
  const transferId = newId();
  const now = new Date().toISOString();
  const conference = { conferenceId: target.chain.Conference, name: 'Matrix Conference' };
  await db().entities.enrolmentTransfer.create({
    transferId,
    status: 'requested',
    participantId: target.userId,
    participant: { firstName: 'Matrix', lastName: 'Candidate', email: 'matrix.candidate@example.org' },
    fromConferenceId: conference.conferenceId,
    fromConferenceName: conference.name,
    toConferenceId: conference.conferenceId,
    toConferenceName: conference.name,
    toLocationId: target.chain.District,
    toLocationName: 'Matrix District',
    toLocationKind: 'District',
    toAncestorIds: [target.chain.Jurisdiction, target.chain.EpiscopalArea, target.chain.Conference, target.chain.District],
    note: '',
    requestedBy: { userId: 'matrix', name: 'Matrix' },
    requestedAt: now,
    version: 1,
  }).go();
  return transferId;
}

/** Transfers between conferences (rows in authorization-matrix.transfer-expected.ts). */
export const TRANSFER_CALLS: Record<string, CallBuilder> = {
  'conference.transfers': (t) => ({ path: `/api/conference/${t.chain.Conference}/transfers` }),
  // Nobody with that email is enrolled anywhere: those who may ask get the field message (400).
  'conference.requestTransfer': (t) => ({ path: `/api/conference/${t.chain.Conference}/transfers`, method: 'POST', body: { email: 'matrix.nobody@example.org', locationId: t.chain.District } }),
  'conference.approveTransfer': async (t) => ({ path: `/api/conference/transfer/${await transferIn(t)}/approve`, method: 'POST', body: { version: 1 } }),
  'conference.refuseTransfer': async (t) => ({ path: `/api/conference/transfer/${await transferIn(t)}/refuse`, method: 'POST', body: { version: 1, reason: 'Matrix' } }),
  'conference.cancelTransfer': async (t) => ({ path: `/api/conference/transfer/${await transferIn(t)}/cancel`, method: 'POST', body: { version: 1 } }),
};
