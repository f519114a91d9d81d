import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who and what the current request is, for log lines written anywhere below the handler
 * (core code calls `securityEvent` without passing ids around). Async-local, so requests
 * served side by side in one process (the local runtime) never see each other's values.
 */
export interface RequestContext {
  requestId: string;
  method: string;
  /** The contract id (`user.get`) once the router matched; the raw path before that. */
  route: string;
  /** The signed-in user once the session resolved. */
  userId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
