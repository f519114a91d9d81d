import { isRouteErrorResponse, useRouteError } from 'react-router';
// Direct imports: the design system's index pulls modules with top-level code into the first screen.
import { Alert } from '../components/ui/Alert';
import { Button } from '../components/ui/Button';
import { isChunkLoadError } from '../lib/chunk-load';

const reloadPage = () => window.location.reload();

/**
 * Last resort for render errors. A part of the app that could not be loaded (SPEC.md sections 8
 * and 9: a chunk refused, unreachable, or not loaded within 120 seconds) is reported as
 * ChunkLoadError; a reload fetches the app afresh.
 */
export function RouteError({ reload = reloadPage }: { reload?: () => void }) {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : isChunkLoadError(error)
      ? 'ChunkLoadError: part of the app could not be loaded. Reload the page to try again.'
      : 'Something went wrong. Reload the page to try again.';
  return (
    <main className="app-centered">
      <Alert tone="danger" title="This page could not be shown.">
        <p>{message}</p>
        {!isRouteErrorResponse(error) && (
          <Button variant="secondary" onPress={reload}>
            Reload
          </Button>
        )}
      </Alert>
    </main>
  );
}
