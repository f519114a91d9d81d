import middy from '@middy/core';
import httpRouterHandler, { type Route } from '@middy/http-router';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Contract, ParamsOf, QueryOf, BodyOf, ResponseOf, ServiceApi } from '../../../shared/api/contract';
import { ForbiddenError, HttpError, UNSIGNED_MESSAGE, UnauthorizedError, ValidationError } from '../errors';
import { assertConfigured, config, runsInAws } from '../config';
import { loadSecrets } from '../secrets';
import { log } from '../log';
import { securityEvent } from '../security-event';
import { currentRequest, runWithRequestContext } from '../request-context';
import { annotateRoute, traceRequest } from '../tracing';
import { RefusedRequest, assertJsonBody, assertSameOrigin, assertThroughOrigin } from './request-guards';
import { publishRequestMetrics } from './request-metrics';
import { parseQuery } from './query';
import { parsePart } from './validate';
import { RouteResult } from './result';
import { RateLimitedError, enforceRateLimit, rateLimitedResponse } from './rate-limit';
import { errorResponse, fileResponse, jsonResponse, pageResponse } from './responses';
import { readCookie, sessionCookieName } from './cookies';
import { MAX_BODY_BYTES, PAYLOAD_TOO_LARGE, bodyBytes } from './body-limit';
import { resolveSession, type AuthContext } from '../../core/session/resolve-session';
import { assertSecondFactor } from '../../core/session/second-factor';
import { screenOf, withReadLog } from '../../core/read-log/read-write';
import { holdsAtOrAbove } from '../../../shared/auth/role-scope';

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;

export interface RouteRequest<C extends Contract> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** The signed-in user; reading it on a public route without a session answers 401. */
  readonly auth: AuthContext;
  /** The session if there is one (public routes such as logout use it). */
  optionalAuth: AuthContext | null;
  sessionCookie: string | undefined;
  requestId: string;
  event: Event;
}

export type RouteImplementation<C extends Contract> = (
  request: RouteRequest<C>,
) => Promise<ResponseOf<C> | RouteResult<ResponseOf<C> | null>>;

/** What a route's own authorization sees: the caller, the path and the query, never the body. */
export type RequestBeforeBody<C extends Contract> = Omit<RouteRequest<C>, 'body'>;

/**
 * A route whose permission can be decided before its body (from the caller, the path and the
 * query): `authorize` refuses (403, or 404 where the object's existence is private) before the
 * body is read, so a caller who may not call the route never learns its schema from a 400.
 */
export interface AuthorizedRoute<C extends Contract> {
  authorize: (request: RequestBeforeBody<C>) => Promise<void> | void;
  handle: RouteImplementation<C>;
}

/** One implementation per route of a service, under the route's key, each typed by its contract. */
export type ServiceRoutes<A extends ServiceApi> = { [K in keyof A]: RouteImplementation<A[K]> | AuthorizedRoute<A[K]> };

/**
/**
 * Builds a service's Lambda handler from the service's contract object (shared/api/<service>.ts)
 * and an implementation under each of its keys: one middy chain (ARCHITECTURE.md section 4):
 * request context -> origin and CSRF checks -> session -> ability -> body -> zod -> handler
 * -> errors -> request log, security events and metrics.
 */
export function createServiceHandler<A extends ServiceApi>(api: A, implementations: NoInfer<ServiceRoutes<A>>) {
  if (runsInAws()) assertConfigured(); // a missing setting fails the cold start, not a request
  const entries = Object.entries(api);
  const service = entries[0]?.[1].service ?? 'unknown';
  const missing = entries.filter(([key]) => !isImplementation(implementations[key])).map(([, contract]) => contract.id);
  if (missing.length) throw new Error(`Service ${service} lacks implementations for ${missing.join(', ')}`);

  // SNS posts its JSON as text/plain: its webhooks skip the JSON content-type check and verify a signature instead.
  const snsWebhookPaths = new Set(entries.filter(([, contract]) => contract.snsWebhook).map(([, contract]) => contract.path));
  // Mail providers post one-click unsubscribes as a form (RFC 8058): no JSON check, and the body is not read.
  const formPostPaths = new Set(entries.filter(([, contract]) => contract.formPost).map(([, contract]) => `${contract.method} ${contract.path}`));
  const routes: Route<Event, Result>[] = entries.map(([key, contract]) => ({
    method: contract.method,
    path: contract.path,
    handler: (event: Event) => runRoute(contract, implementations[key] as RouteImplementation<Contract> | AuthorizedRoute<Contract>, event),
  }));

  const handler = middy<Event, Result>()
    .before(async (request) => {
      (request.internal as Record<string, unknown>).startedAt = Date.now();
      // Secrets Manager values, read at a cold start's first request and refreshed every few minutes.
      await loadSecrets();
      const { headers = {}, body } = request.event;
      assertThroughOrigin(headers, config.originVerifySecrets);
      assertSameOrigin(request.event.requestContext?.http?.method ?? 'GET', headers, new URL(config.appUrl).origin);
      const formPost = formPostPaths.has(`${request.event.requestContext?.http?.method ?? ''} ${request.event.rawPath}`);
      if (!snsWebhookPaths.has(request.event.rawPath) && !formPost) assertJsonBody(headers, Boolean(body));
    })
    .after(async (request) => {
      finishRequest(service, request.event, request.response?.statusCode ?? 200, request.internal as Record<string, unknown>);
    })
    .onError(async (request) => {
      request.response = toErrorResult(request.error);
      finishRequest(service, request.event, request.response.statusCode ?? 500, request.internal as Record<string, unknown>, request.error);
    })
    .handler(httpRouterHandler({ routes, notFoundResponse: (() => errorResponse(404, 'Not Found')) as never }) as (event: Event, context: Context) => Promise<Result>);

  return (event: Event, context: Context): Promise<Result> =>
    runWithRequestContext(
      { requestId: event.requestContext?.requestId ?? '', method: event.requestContext?.http?.method ?? '', route: 'unmatched' },
      () => traceRequest(service, () => handler(event, context)),
    );
}

function isImplementation(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && typeof (value as AuthorizedRoute<Contract>).authorize === 'function' && typeof (value as AuthorizedRoute<Contract>).handle === 'function');
}

/**
 * One route's request, in one order (docs/security.md, "Request handling"): who is calling
 * (session 401, second factor), whether they may call this route at all (the contract's
 * coarse ability and where it must be held, 403), the rate limit (429), the path and query
 * (400), the route's own authorization from the caller, path and query (403/404), and only
 * then the body (400) and the work, whose scoped checks on loaded items follow. So a caller
 * the route refuses before its body gets the same refusal whatever the body holds.
 */
async function runRoute(contract: Contract, implementation: RouteImplementation<any> | AuthorizedRoute<any>, event: Event): Promise<Result> {
  const context = currentRequest();
  if (context) context.route = contract.id;
  annotateRoute(contract.id);
  const cookie = readCookie(event.cookies, sessionCookieName());
  const session = cookie ? await resolveSession(cookie) : null;
  if (context && session) context.userId = session.userId;
  if (contract.access === 'session' && !session) throw new UnauthorizedError();
  // Per request, not only at sign-in: a role granted mid-session takes effect at once.
  if (session && !contract.beforeSecondFactor) assertSecondFactor(session);
  if (contract.can && session && !mayCallRoute(contract, session)) throw new ForbiddenError();
  // Before the body is read or any work is done: an abuser's refused request costs one write.
  await enforceRateLimit(contract, event, session?.userId);

  const params = parsePart(contract.params, decodeParams(event.pathParameters), 'params');
  const query = parsePart(contract.query, parseQuery(event.rawQueryString), 'query');
  const beforeBody: RequestBeforeBody<Contract> = {
    params,
    query,
    get auth() {
      if (!session) throw new UnauthorizedError();
      return session;
    },
    optionalAuth: session,
    sessionCookie: cookie,
    requestId: event.requestContext?.requestId ?? '',
    event,
  };
  const handle = typeof implementation === 'function' ? implementation : implementation.handle;
  if (typeof implementation !== 'function') await implementation.authorize(beforeBody);

  const body = contract.formPost ? undefined : parsePart(contract.body, contract.snsWebhook ? readWebhookBody(event) : readJsonBody(event), 'body');
  // The getter is carried over as a getter: the route reads `auth` only when it needs a session.
  const request = Object.defineProperties({ body }, Object.getOwnPropertyDescriptors(beforeBody)) as RouteRequest<Contract>;
  // A route that may show someone's private material records what it showed before it answers.
  const output = contract.readLog ? await withReadLog(contract.id, request.auth, screenOf(event.headers), () => handle(request)) : await handle(request);
  return toResult(contract, output);
}

/** The contract's coarse ability, and where it must be held (`canAt`: at a location of that kind or above it). */
function mayCallRoute(contract: Contract, session: AuthContext): boolean {
  const [action, subject] = contract.can!;
  if (!session.ability.can(action, subject)) return false;
  return !contract.canAt || holdsAtOrAbove(session, action, subject, contract.canAt);
}

function toResult(contract: Contract, output: unknown): Result {
  const routeResult = output instanceof RouteResult ? output : new RouteResult(output);
  const status = routeResult.options.status ?? contract.status ?? 200;
  // The response schema is the allow-list of what leaves the server: unknown fields are stripped.
  const body = status === 204 || status === 302 ? null : contract.response.parse(routeResult.body);
  if (routeResult.options.headers?.['content-type']?.startsWith('text/html')) return pageResponse(status, String(body), routeResult.options.headers);
  if (routeResult.options.headers?.['content-type']?.startsWith('text/csv')) return fileResponse(status, String(body), routeResult.options.headers);
  return jsonResponse(status, body, routeResult.options.headers, routeResult.options.cookies);
}

function decodeParams(raw: Record<string, string | undefined> | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (key === 'proxy' || value === undefined) continue;
    try {
      params[key] = decodeURIComponent(value);
    } catch {
      throw new ValidationError({ [key]: ['Invalid input'] });
    }
  }
  return params;
}

/** An SNS webhook's body: anything that is not JSON is no SNS message, refused like an unsigned one. */
function readWebhookBody(event: Event): unknown {
  try {
    return readJsonBody(event);
  } catch (error) {
    if (error instanceof ValidationError) throw new ForbiddenError(UNSIGNED_MESSAGE);
    throw error;
  }
}

function readJsonBody(event: Event): unknown {
  if (!event.body) return undefined;
  if (bodyBytes(event.body, Boolean(event.isBase64Encoded)) > MAX_BODY_BYTES) throw new HttpError(413, PAYLOAD_TOO_LARGE);
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError({ body: ['Invalid JSON'] }, 'Request body is not valid JSON');
  }
}

function toErrorResult(error: unknown): Result {
  if (error instanceof RateLimitedError) return rateLimitedResponse(error);
  if (error instanceof HttpError) return errorResponse(error.status, error.message, error.fieldErrors);
  const named = error as { name?: string; statusCode?: number; expose?: boolean; message?: string } | null;
  if (named?.statusCode === 404) return errorResponse(404, 'Not Found');
  if (named?.statusCode === 405) return errorResponse(405, 'Method Not Allowed');
  return errorResponse(500, 'Internal Server Error');
}

/** The request's log line, its security event when refused or denied, and its metrics. */
function finishRequest(service: string, event: Event, status: number, internal: Record<string, unknown>, error?: unknown): void {
  const context = currentRequest();
  const ms = typeof internal.startedAt === 'number' ? Date.now() - internal.startedAt : 0;
  const fields = {
    requestId: event.requestContext?.requestId,
    method: event.requestContext?.http?.method,
    path: event.rawPath,
    route: context?.route,
    userId: context?.userId,
    status,
    ms,
  };
  if (status >= 500) log('error', 'request failed', { ...fields, error: error instanceof Error ? error.stack : String(error) });
  else log('info', 'request', fields);

  if (error instanceof RefusedRequest) securityEvent('request.refused', { outcome: 'denied', status, reason: error.reason });
  else if (status === 401 || status === 403) securityEvent('access.denied', { outcome: 'denied', status });
  publishRequestMetrics({ service, route: context?.route ?? 'unmatched', status, ms });
}
