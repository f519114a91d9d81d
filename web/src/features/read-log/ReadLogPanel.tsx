import { useEffect, useRef } from 'react';
import { READ_KIND_LABELS, READ_SCREEN_LABELS, type ReadEntryView } from '@shared/schemas/read-log';
import { routes } from '../../lib/api/routes';
import { ApiError } from '../../lib/api/api-error';
import { Alert, Badge, Button, EmptyState, LoadingState, formatDateTime } from '../../components/ui';
import { useAuditPages } from '../../components/audit/use-audit-pages';
import '../../components/audit/audit.css';

export const NO_READS = 'Nobody else has opened this person’s confidential documents yet.';
export const READ_LOG_REFUSED = 'Only superadmins and this person’s conference admins can read this log.';

function errorText(error: Error): string {
  return error instanceof ApiError && (error.status === 403 || error.status === 404) ? READ_LOG_REFUSED : error.message;
}

/** What was read: its kind, and its name where the server kept a safe one (a step content's or form's name). */
function whatText(entry: ReadEntryView): string {
  return entry.label ? `${READ_KIND_LABELS[entry.kind]}: ${entry.label}` : READ_KIND_LABELS[entry.kind];
}

function ReadEntryItem({ entry, itemRef }: { entry: ReadEntryView; itemRef: (element: HTMLLIElement | null) => void }) {
  return (
    <li ref={itemRef} tabIndex={-1} className="audit-entry">
      <div className="audit-entry-head">
        <h3 className="audit-entry-title">{whatText(entry)}</h3>
        <Badge>{entry.screen ? READ_SCREEN_LABELS[entry.screen] : entry.route}</Badge>
      </div>
      <p className="audit-meta">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        <span aria-hidden="true"> · </span>
        <span className="ui-visually-hidden">, </span>
        {`Read by ${entry.readerName}`}
      </p>
    </li>
  );
}

/**
 * "Who has read confidential documents" (issue 25, item 2; docs/security.md "Read-access log"): who
 * opened this person's private step content, uploaded files, forms or Documents list, when, what
 * and through which screen, newest first, paged on the server. The tab is offered to those who may
 * update a conference; the server decides (403 or 404 read as a refusal).
 */
export function ReadLogPanel({ userId }: { userId: string }) {
  // The audit trail's cursor paging, as the History reads it: the read log's pages have the same shape.
  const pages = useAuditPages(routes.audit.readLog, { params: { userId }, query: {} });
  const entries = pages.entries;
  const items = useRef<Array<HTMLLIElement | null>>([]);
  const focusFrom = useRef<number | null>(null);
  const count = entries.length;

  useEffect(() => {
    if (focusFrom.current === null || count <= focusFrom.current) return;
    items.current[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [count]);

  let body;
  if (pages.isLoading) body = <LoadingState message="Loading the access log..." />;
  else if (pages.error && count === 0) {
    body = (
      <Alert tone="danger" title="The access log could not be loaded.">
        <p>{errorText(pages.error)}</p>
      </Alert>
    );
  } else if (count === 0) body = <EmptyState message={NO_READS} />;
  else {
    body = (
      <div className="audit-entries">
        <ol className="audit-list" aria-label="Reads">
          {entries.map((entry, index) => (
            <ReadEntryItem key={entry.id} entry={entry} itemRef={(element) => void (items.current[index] = element)} />
          ))}
        </ol>
        {pages.error && (
          <Alert tone="danger" title="Older reads could not be loaded.">
            <p>{errorText(pages.error)}</p>
          </Alert>
        )}
        {pages.hasMore && (
          <div className="ui-button-row">
            <Button
              variant="secondary"
              isPending={pages.isLoadingMore}
              onPress={() => {
                focusFrom.current = count;
                pages.loadMore();
              }}
            >
              Load more
            </Button>
          </div>
        )}
      </div>
    );
  }
  return (
    <section className="audit-panel" aria-labelledby="read-log-title">
      <h2 id="read-log-title" className="audit-entry-title">
        Who has read confidential documents
      </h2>
      {body}
    </section>
  );
}
