import type { ReactNode } from 'react';
import { Alert, Button, LoadingState } from '../ui';
import type { CursorPages } from './use-audit-pages';

/**
 * The foot of a list paged by cursor (use-audit-pages.ts): why the last page failed, and "Load
 * more" while pages follow (after a failure it asks for that page again).
 */
export function LoadMore({ pages, errorTitle }: { pages: Pick<CursorPages<unknown>, 'error' | 'hasMore' | 'isLoadingMore' | 'loadMore'>; errorTitle?: string }) {
  return (
    <>
      {pages.error &&
        (errorTitle ? (
          <Alert tone="danger" title={errorTitle}>
            <p>{pages.error.message}</p>
          </Alert>
        ) : (
          <Alert tone="danger">{pages.error.message}</Alert>
        ))}
      {pages.hasMore && (
        <div className="ui-button-row">
          <Button variant="secondary" isPending={pages.isLoadingMore} onPress={pages.loadMore}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * A whole list paged by cursor: loading until the first page comes, the first page's failure, or
 * the rows (`children`) with their foot. `what` names the rows: "the waiting steps", "the enrolments".
 */
export function CursorList({ pages, what, children }: { pages: Pick<CursorPages<unknown>, 'entries' | 'error' | 'hasMore' | 'isLoading' | 'isLoadingMore' | 'loadMore'>; what: string; children: ReactNode }) {
  if (pages.isLoading) return <LoadingState message={`Loading ${what}...`} />;
  if (pages.error && pages.entries.length === 0) {
    return (
      <Alert tone="danger" title={`${capitalized(what)} could not be loaded.`}>
        <p>{pages.error.message}</p>
      </Alert>
    );
  }
  return (
    <>
      {children}
      <LoadMore pages={pages} errorTitle={`More of ${what} could not be loaded.`} />
    </>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
