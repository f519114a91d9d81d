import type { ServiceRoutes } from '../../lib/http/service-handler';
import type { retentionContracts } from '../../../shared/api/retention';
import { getHold, liftHold, listHolds, placeHold } from '../../core/retention/legal-holds';
import { getRetentionPolicy, updateRetentionPolicy } from '../../core/retention/retention-policy';
import { retentionPreview } from '../../core/retention/retention-preview';
import { requireGovernedConference, requireHoldTarget } from '../../core/retention/retention-access';

/** The conference service's retention and legal hold routes (shared/api/retention.ts). */
export const retentionRoutes: ServiceRoutes<typeof retentionContracts> = {
  retentionPolicy: async ({ auth, params }) => getRetentionPolicy(auth, params.id),
  // Routes with a body decide on the loaded conference or record before the body is read (docs/security.md, "Request handling").
  updateRetentionPolicy: { authorize: async ({ auth, params }) => void (await requireGovernedConference(auth, params.id)), handle: async ({ auth, params, body }) => updateRetentionPolicy(auth, params.id, body) },
  retentionPreview: async ({ auth, params, query }) => retentionPreview(auth, params.id, query.limit),
  legalHolds: async ({ auth, params, query }) => listHolds(auth, params.id, query),
  legalHold: async ({ auth, params }) => getHold(auth, params.recordKind, params.recordId),
  placeLegalHold: { authorize: async ({ auth, params }) => void (await requireHoldTarget(auth, params.recordKind, params.recordId)), handle: async ({ auth, params, body }) => placeHold(auth, params.recordKind, params.recordId, body) },
  liftLegalHold: { authorize: async ({ auth, params }) => void (await requireHoldTarget(auth, params.recordKind, params.recordId)), handle: async ({ auth, params, body }) => liftHold(auth, params.recordKind, params.recordId, body) },
};
