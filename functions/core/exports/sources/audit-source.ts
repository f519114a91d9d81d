import { requireOrganisationPower, requireOrganisationReader } from '../../audit-pages/audit-access';
import { AUDIT_EXPORT_COLUMNS, auditExportRow, organisationAuditStretch, type OrganisationExportFilter } from '../../audit-pages/audit-read';
import { fileStem } from '../../../lib/tabular/render';
import type { TableSource } from './source';

export interface AuditExportSpec {
  source: 'audit';
  filter: OrganisationExportFilter;
}

/** Entries one page reads at most (the filters may skip most of them). */
const READ_PER_PAGE_FACTOR = 4;

/**
 * The audit page (functions/core/audit-pages/audit-read.ts): the scope's entries newest first with
 * its filters, a private value only as "changed", for who may read that scope's page.
 */
export const auditSource: TableSource<AuditExportSpec> = {
  sheetName: 'Audit',
  columns: AUDIT_EXPORT_COLUMNS,
  stem: (spec) => fileStem('audit', spec.filter.scopeId),
  title: () => 'Exporting the audit trail',
  allowed: async (auth, spec) => {
    requireOrganisationPower(auth, spec.filter.scopeId);
    await requireOrganisationReader(auth, spec.filter.scopeId);
  },
  page: async (auth, spec, cursor, take) => {
    await auditSource.allowed(auth, spec);
    const below = cursor && 'below' in cursor ? cursor.below : undefined;
    const { entries, next } = await organisationAuditStretch(spec.filter, below, take, take * READ_PER_PAGE_FACTOR);
    return { rows: entries.map(auditExportRow), next: next ? { below: next } : null };
  },
};
