import { useState } from 'react';
import { ALL_AUDIT_KINDS } from '@shared/schemas/audit';
import { AuditEntryList } from '../../../components/audit/AuditEntryList';
import { AuthorFilter, KindFilter } from '../../../components/audit/AuditFilters';
import { useAuditPages } from '../../../components/audit/use-audit-pages';
import { useAuthorsSeen } from '../../../components/audit/use-authors-seen';
import { DatePicker, SearchableSelect, type SelectOption } from '../../../components/ui';
import { routes } from '../../../lib/api/routes';
import { ExportMenu } from '../../../lib/exports/ExportMenu';
import { exportAudit } from './audit-export-api';
import { useGovernedScopes, type GovernedScopes } from '../governed-scopes';
import { GovernedScopesGate } from '../GovernedScopeTabs';
import '../../../components/audit/audit.css';

/**
 * /admin/audit (issue 25): the organisation's audit trail in one scope at a time (System or a
 * conference), newest first, filtered by kind, author and dates, with the same filters as a
 * CSV or XLSX file. Superadmins and conference admins; the server decides each scope.
 */
export function AuditTab() {
  const scopes = useGovernedScopes();
  return (
    <GovernedScopesGate scopes={scopes} none="You do not administer a conference, so there is no audit trail to show.">
      {(initial) => <OrganisationAudit scopes={scopes} initial={initial} />}
    </GovernedScopesGate>
  );
}

function OrganisationAudit({ scopes, initial }: { scopes: GovernedScopes; initial: SelectOption }) {
  const [scope, setScope] = useState(initial);
  const [kind, setKind] = useState('');
  const [author, setAuthor] = useState<SelectOption | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const filters = { scopeId: scope.id, kind: kind || undefined, author: author?.id, from: from ?? undefined, to: to ?? undefined };
  const pages = useAuditPages(routes.audit.organisation, { query: filters });
  const authors = useAuthorsSeen(pages.entries);
  return (
    <div className="admin-tab audit-panel">
      <div className="audit-filters">
        {/* A scope is always chosen: clearing the box keeps the last one. */}
        <SearchableSelect className="audit-scope-filter" label="Scope" value={scope} onChange={(next) => next && setScope(next)} loadOptions={scopes.search} />
        <KindFilter kinds={ALL_AUDIT_KINDS} value={kind} onChange={setKind} />
        <AuthorFilter authors={authors} value={author} onChange={setAuthor} />
        <DatePicker className="audit-date-filter" label="From" value={from} onChange={setFrom} maxValue={to ?? undefined} />
        <DatePicker className="audit-date-filter" label="To" value={to} onChange={setTo} minValue={from ?? undefined} />
      </div>
      <div className="ui-button-row">
        <ExportMenu what="the audit trail" start={(format) => exportAudit(format, filters)} />
      </div>
      <AuditEntryList pages={pages} label="Audit trail" isFiltered={Boolean(kind || author || from || to)} showRecord />
    </div>
  );
}
