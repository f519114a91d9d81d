import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Alert } from '../components/ui/Alert';

/** Last resort for render errors, including a failed chunk load (reported as ChunkLoadError). */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = error instanceof Error && /dynamically imported module|Loading chunk/i.test(error.message);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : chunkFailed
      ? 'ChunkLoadError: part of the app could not be loaded. Reload the page to try again.'
      : 'Something went wrong. Reload the page to try again.';
  return (
    <main className="app-centered">
      <Alert tone="danger" title="This page could not be shown.">
        {message}
      </Alert>
    </main>
  );
}
