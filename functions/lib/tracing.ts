/**
 * X-Ray tracing of our own work, for the `tracing` deploy setting (docs/deploy.md). This file is
 * the off state and does nothing: `npm start`, the tests and the default Lambda build use it as it
 * is, so none of them loads the Powertools Tracer (about 123 KB minified in every bundle). A build
 * asked for tracing (bin/build-functions.ts `{ tracing: true }`) bundles ./tracing/x-ray.ts in its
 * place (infra/bundling/tracer-when-traced.ts), which exports the same three functions.
 */

/** The AWS SDK v3 client as given; when traced, each of its calls is recorded as a subsegment. */
export function traceClient<T extends object>(client: T): T {
  return client;
}

/** Runs one request (an HTTP request, one worker invocation); when traced, in its own subsegment `## <name>`. */
export function traceRequest<T>(_name: string, run: () => Promise<T>): Promise<T> {
  return run();
}

/** When traced, marks the current request's subsegment with its route id (X-Ray: `annotation.route = "job.get"`). */
export function annotateRoute(_route: string): void {}
