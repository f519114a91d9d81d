import { createServiceHandler } from '../../lib/http/service-handler';
import { csvFile } from '../../lib/http/result';
import { auditApi } from '../../../shared/api/audit';
import { requireHistoryPower, requireOrganisationPower, requireOrganisationReader } from '../../core/audit-pages/audit-access';
import { exportTable } from '../../core/exports/table-export';
import { exportAnswer } from '../../lib/http/export-answer';
import { auditHistory, organisationAudit, organisationAuditCsv } from '../../core/audit-pages/audit-read';
import { requireReadLogPower } from '../../core/read-log/read-log-access';
import { readLogPage } from '../../core/read-log/read-log-read';

/** The audit trail's readers: a record's History, the organisation page and its CSV export. */
export const handler = createServiceHandler(auditApi, {
  history: { authorize: ({ auth, params }) => requireHistoryPower(auth, params.chainKind), handle: async ({ auth, params, query }) => auditHistory(auth, params.chainKind, params.id, query) },
  organisation: { authorize: ({ auth, query }) => requireOrganisationPower(auth, query.scopeId), handle: async ({ auth, query }) => organisationAudit(auth, query) },
  organisationCsv: {
    authorize: ({ auth, query }) => requireOrganisationPower(auth, query.scopeId),
    handle: async ({ auth, query }) => csvFile(await organisationAuditCsv(auth, query), `audit-${query.scopeId.replace(/[^\w-]/g, '_')}.csv`),
  },
  organisationExport: {
    authorize: ({ auth, query }) => requireOrganisationPower(auth, query.scopeId),
    handle: async ({ auth, query: { format, ...filter } }) => {
      await requireOrganisationReader(auth, filter.scopeId);
      return exportAnswer(await exportTable(auth, { source: 'audit', filter }, format));
    },
  },
  readLog: { authorize: ({ auth }) => requireReadLogPower(auth), handle: async ({ auth, params, query }) => readLogPage(auth, params.userId, query) },
});
