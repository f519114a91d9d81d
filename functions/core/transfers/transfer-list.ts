import { TRANSFER_LIST_MAX, type TransferLists } from '../../../shared/schemas/transfer';
import { db } from '../../db/service';
import { requireGovernedConference } from '../retention/retention-access';
import type { AuthContext } from '../session/resolve-session';
import { getLocationsById } from '../../db/access/location-store';
import { sidesIn, transferView } from './transfer-view';

/**
 * A conference's Transfers tab: the candidates it asked for (incoming, gsi2) and those others
 * asked it for (outgoing, gsi1), newest first (ids sort by time): two Queries. Whether the caller
 * also governs the other side is decided per transfer (a superadmin sees both sides' buttons).
 */
export async function listTransfers(auth: AuthContext, conferenceId: string): Promise<TransferLists> {
  await requireGovernedConference(auth, conferenceId);
  const options = { limit: TRANSFER_LIST_MAX, order: 'desc' as const };
  const [incoming, outgoing] = await Promise.all([
    db().entities.enrolmentTransfer.query.byTo({ toConferenceId: conferenceId }).go(options),
    db().entities.enrolmentTransfer.query.byFrom({ fromConferenceId: conferenceId }).go(options),
  ]);
  const items = [...incoming.data, ...outgoing.data];
  const places = await getLocationsById(items.flatMap((item) => [item.fromConferenceId, item.toConferenceId]));
  const view = (item: (typeof items)[number]) => transferView(item, sidesIn(auth, item, places));
  return { incoming: incoming.data.map(view), outgoing: outgoing.data.map(view) };
}
