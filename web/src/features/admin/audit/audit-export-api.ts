import type { QueryInput } from '@shared/api/contract';
import type { auditApi } from '@shared/api/audit';
import type { ExportFormat } from '@shared/schemas/table-export';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';

export type AuditExportFilters = Omit<QueryInput<typeof auditApi.organisationExport>, 'format'>;

/** The audit page as a file, with its scope and filters. */
export const exportAudit = (format: ExportFormat, filters: AuditExportFilters) => call(routes.audit.organisationExport, { query: { ...filters, format } });
