import type { AuthContext } from '../../core/session/resolve-session';
import { requestTransfer } from '../../core/transfers/transfer-request';
import { DEMO_LOCATION_IDS } from './demo-organisation';

/**
 * The living demo's transfer between conferences (issue 26, item 4): Prairie Rivers Conference asks
 * for Daniel Park, who is moving to Kansas. It waits on Blue Ridge's decision (Admin, Transfers,
 * Outgoing), where approval is refused until the legal hold on Daniel's enrolment is lifted.
 */
export const DEMO_TRANSFER_NOTE = 'Daniel has accepted a pastoral internship in Wichita and asks to continue his candidacy with us.';

export async function seedDemoTransfer(requester: AuthContext, candidateEmail: string): Promise<void> {
  await requestTransfer(requester, DEMO_LOCATION_IDS.conference2, { email: candidateEmail, locationId: DEMO_LOCATION_IDS.district3, note: DEMO_TRANSFER_NOTE });
}
