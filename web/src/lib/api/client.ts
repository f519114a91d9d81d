import type { BodyInput, Contract, ParamsInput, QueryInput, ResponseOf } from '@shared/api/contract';
import { buildPath } from '@shared/api/contract';
import { AUTHENTICATOR_PAGE, SECOND_FACTOR_REQUIRED } from '@shared/auth/mfa';
import { routes, type RouteRef } from './routes';
import { ABORT_MESSAGE, ApiError } from './api-error';
import { toQueryString } from './query-string';

export interface CallOptions<C extends Contract> {
  params?: ParamsInput<C>;
  query?: QueryInput<C>;
  body?: BodyInput<C>;
  signal?: AbortSignal;
}

/**
 * The one fetch wrapper (SPEC.md sections 7 and 8): same origin, credentials sent, JSON in
 * and out, 204 has no body, a cancelled call rejects with 'Request aborted', a 401
 * sends the browser to the login address for the current path, and a 403 for a missing
 * second factor to the authenticator setup.
 */
export async function call<C extends Contract>(contract: RouteRef<C>, options: CallOptions<C> = {}): Promise<ResponseOf<C>> {
  const url = buildPath(contract.path, options.params as Record<string, string>) + toQueryString(options.query as Record<string, unknown>);
  let response: Response;
  try {
    response = await fetch(url, {
      method: contract.method,
      credentials: 'include',
      headers: options.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw new Error(ABORT_MESSAGE);
    throw error;
  }
  if (response.status === 204) return undefined as ResponseOf<C>;
  const body = await readBody(response);
  if (response.status === 401 && contract.id !== 'security.loginSpa') {
    await redirectToLogin();
  }
  // A role that needs an authenticator app, granted during this session: set one up first.
  if (response.status === 403 && (body as { message?: unknown } | null)?.message === SECOND_FACTOR_REQUIRED && window.location.pathname !== AUTHENTICATOR_PAGE) {
    window.location.assign(AUTHENTICATOR_PAGE);
  }
  if (!response.ok) throw new ApiError(url, response.status, response.statusText, body);
  return body as ResponseOf<C>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

let redirecting: Promise<never> | null = null;

/** Several calls may fail with 401 at once; only the first starts the sign-in. */
export function redirectToLogin(): Promise<never> {
  redirecting ??= (async () => {
    const here = window.location.pathname + window.location.search;
    const { url } = await call(routes.security.loginSpa, { query: { 'redirect-uri': here } });
    window.location.assign(url);
    return new Promise<never>(() => undefined); // the page is going away
  })();
  return redirecting;
}
