import { useState } from 'react';
import { AUDIT_KINDS, type AuditChainKind } from '@shared/schemas/audit';
import { routes } from '../../lib/api/routes';
import type { SelectOption } from '../ui';
import { AuditEntryList } from './AuditEntryList';
import { AuthorFilter, KindFilter } from './AuditFilters';
import { useAuditPages } from './use-audit-pages';
import { useAuthorsSeen } from './use-authors-seen';
import './audit.css';

export interface HistoryPanelProps {
  chainKind: AuditChainKind;
  recordId: string;
}

/**
 * A record's History (issue 25; docs/security.md "Audit trail"): what was changed, when and by
 * whom, newest first, paged on the server, filtered by kind and author. The tab that shows it
 * is offered only to those who may update the record; the server decides (403 or 404 read as such).
 */
export function HistoryPanel({ chainKind, recordId }: HistoryPanelProps) {
  const [kind, setKind] = useState('');
  const [author, setAuthor] = useState<SelectOption | null>(null);
  const pages = useAuditPages(routes.audit.history, { params: { chainKind, id: recordId }, query: { kind: kind || undefined, author: author?.id } });
  const authors = useAuthorsSeen(pages.entries);
  return (
    <div className="audit-panel">
      <div className="audit-filters">
        <KindFilter kinds={AUDIT_KINDS[chainKind]} value={kind} onChange={setKind} />
        <AuthorFilter authors={authors} value={author} onChange={setAuthor} />
      </div>
      <AuditEntryList pages={pages} label="History" isFiltered={Boolean(kind || author)} />
    </div>
  );
}
