import { useEffect, useRef } from 'react';
import { ApiError } from '../../lib/api/api-error';
import { Alert, Button, EmptyState, LoadingState } from '../ui';
import { AuditEntryItem } from './AuditEntryItem';
import type { AuditEntryView } from '@shared/schemas/audit';
import type { CursorPages } from './use-audit-pages';

export const NO_HISTORY = 'No history yet.';
export const NO_MATCHES = 'No entries match these filters.';
export const NO_RECORDED_HISTORY = 'There is no history to show for this record.';
export const NO_MATCHES_YET = 'No matching entries among the latest ones. Load more to look further back.';

/** What a refused History says (the server decides). */
export function auditErrorText(error: Error): string {
  if (error instanceof ApiError && error.status === 403) return 'You do not have permission to read this history.';
  return error.message;
}

export interface AuditEntryListProps {
  pages: CursorPages<AuditEntryView>;
  /** Names the list for assistive technology ('History'). */
  label: string;
  /** Some filter narrows the list (the empty state says so). */
  isFiltered: boolean;
  /** Each entry names its record (the organisation page). */
  showRecord?: boolean;
}

/**
 * The entries of a History or of the organisation page, newest first, with their loading, empty
 * and error states and "Load more" for older ones. Loading more moves the focus to the first
 * entry it brought, so a keyboard user reads on from there.
 */
export function AuditEntryList({ pages, label, isFiltered, showRecord }: AuditEntryListProps) {
  const items = useRef<Array<HTMLLIElement | null>>([]);
  const focusFrom = useRef<number | null>(null);
  const count = pages.entries.length;

  useEffect(() => {
    if (focusFrom.current === null || count <= focusFrom.current) return;
    items.current[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [count]);

  if (pages.isLoading) return <LoadingState message="Loading history..." />;
  // A record without a History (a kind whose changes are not recorded yet) has nothing to show, which is no failure.
  if (pages.error instanceof ApiError && pages.error.status === 404 && count === 0) return <EmptyState message={NO_RECORDED_HISTORY} />;
  if (pages.error && count === 0) {
    return (
      <Alert tone="danger" title="The history could not be loaded.">
        <p>{auditErrorText(pages.error)}</p>
      </Alert>
    );
  }

  const loadMore = () => {
    focusFrom.current = count;
    pages.loadMore();
  };
  const more = pages.hasMore && (
    <div className="ui-button-row">
      <Button variant="secondary" onPress={loadMore} isPending={pages.isLoadingMore}>
        Load more
      </Button>
    </div>
  );

  if (count === 0) {
    return <EmptyState message={pages.hasMore ? NO_MATCHES_YET : isFiltered ? NO_MATCHES : NO_HISTORY} action={more || undefined} />;
  }
  return (
    <div className="audit-entries">
      <ol className="audit-list" aria-label={label}>
        {pages.entries.map((entry, index) => (
          <AuditEntryItem
            key={entry.id}
            entry={entry}
            showRecord={showRecord}
            ref={(element) => {
              items.current[index] = element;
            }}
          />
        ))}
      </ol>
      {pages.error && (
        <Alert tone="danger" title="Older entries could not be loaded.">
          <p>{auditErrorText(pages.error)}</p>
        </Alert>
      )}
      {more}
    </div>
  );
}
