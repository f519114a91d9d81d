import type { ServiceRoutes } from '../../lib/http/service-handler';
import type { transferContracts } from '../../../shared/api/transfer';
import { requireGovernedConference } from '../../core/retention/retention-access';
import { approveTransfer, refuseTransfer } from '../../core/transfers/transfer-decision';
import { listTransfers } from '../../core/transfers/transfer-list';
import { cancelTransfer, requestTransfer, requireTransferSide } from '../../core/transfers/transfer-request';

/** The conference service's transfer routes (shared/api/transfer.ts). */
// Routes with a body decide on the loaded conference or transfer before the body is read (docs/security.md, "Request handling").
export const transferRoutes: ServiceRoutes<typeof transferContracts> = {
  transfers: async ({ auth, params }) => listTransfers(auth, params.id),
  requestTransfer: { authorize: async ({ auth, params }) => void (await requireGovernedConference(auth, params.id)), handle: async ({ auth, params, body }) => requestTransfer(auth, params.id, body) },
  approveTransfer: { authorize: async ({ auth, params }) => void (await requireTransferSide(auth, params.id, 'sending')), handle: async ({ auth, params, body }) => approveTransfer(auth, params.id, body) },
  refuseTransfer: { authorize: async ({ auth, params }) => void (await requireTransferSide(auth, params.id, 'sending')), handle: async ({ auth, params, body }) => refuseTransfer(auth, params.id, body) },
  cancelTransfer: { authorize: async ({ auth, params }) => void (await requireTransferSide(auth, params.id, 'receiving')), handle: async ({ auth, params, body }) => cancelTransfer(auth, params.id, body) },
};
