import { Alert, Button } from '../ui';
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
