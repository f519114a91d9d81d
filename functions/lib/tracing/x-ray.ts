/**
 * The traced build's functions/lib/tracing.ts (swapped in by infra/bundling/tracer-when-traced.ts):
 * the Powertools Tracer records our requests and AWS SDK calls under the segment Lambda's active
 * tracing opens for each invocation. Outside Lambda the Tracer turns itself off, and so does this.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import type * as Untraced from '../tracing';

// The same service name as the logs (functions/lib/log.ts); the subsegment's name tells the function.
const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'formation-tracks' });

export function traceClient<T extends object>(client: T): T {
  return tracer.captureAWSv3Client(client);
}

/** Powertools' manual pattern for a handler: a subsegment per request, restored to Lambda's segment after it. */
export async function traceRequest<T>(name: string, run: () => Promise<T>): Promise<T> {
  const parent = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
  if (!parent) return run();
  const subsegment = parent.addNewSubsegment(`## ${name}`);
  tracer.setSegment(subsegment);
  tracer.annotateColdStart();
  tracer.addServiceNameAnnotation();
  try {
    return await run();
  } catch (error) {
    tracer.addErrorAsMetadata(error as Error);
    throw error;
  } finally {
    subsegment.close();
    tracer.setSegment(parent);
  }
}

export function annotateRoute(route: string): void {
  tracer.putAnnotation('route', route);
}

// Both builds must offer the code the same functions.
({ traceClient, traceRequest, annotateRoute }) satisfies typeof Untraced;
