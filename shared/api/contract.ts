import * as z from 'zod';
import type { Action, LocationKind, Subject } from '../auth/vocabulary';
import type { RateLimitName } from './rate-limits';
import type { ReadKind } from '../schemas/read-log';

/**
 * One route, declared once. The same object drives the Lambda router, the CDK routes,
 * the local dev server, the web app's typed fetchers, the OpenAPI document and the
 * authorization-matrix test.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Contract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** Operation id, unique across the API: `<service>.<operation>`. */
  id: string;
  /** The service (one Lambda) that owns the route; the first path segment after /api. */
  service: string;
  method: HttpMethod;
  /** API Gateway path syntax: `/api/user/{id}`. */
  path: string;
  summary: string;
  /** `public` routes run without a session; every other route needs one. */
  access: 'public' | 'session';
  /**
   * Open to a session that still has to set up an authenticator app (shared/auth/mfa.ts):
   * only who-am-I, the setup itself and sign-out. Every other route refuses such a session.
   */
  beforeSecondFactor?: true;
  /**
   * A provider webhook fed by Amazon SNS, which posts JSON as text/plain and from no
   * browser: the JSON content-type check does not apply, and a body that is not JSON is
   * refused like an unsigned one (403). The route verifies the SNS signature itself.
   */
  snsWebhook?: true;
  /**
   * Posted as a form by a mail provider (RFC 8058 one-click unsubscribe: the body is
   * `List-Unsubscribe=One-Click`): the JSON content-type check does not apply and the body is
   * not read; the route's query token authorizes it.
   */
  formPost?: true;
  /**
   * A per-caller limit from shared/api/rate-limits.ts: over it the route answers 429 with
   * Retry-After, checked after the session and before the body is read or any work is done.
   */
  rateLimit?: RateLimitName;
  /** Coarse ability needed before anything is loaded; scoped checks happen in core after loading. */
  can?: readonly [Action, Subject];
  /**
   * Where `can` must be held: at a location of this kind or above it (shared/auth/role-scope.ts,
   * holdsAtOrAbove). For routes whose objects live at that kind (track designs and interview
   * groups at a conference, a new conference under an episcopal area): a caller whose power lies
   * only below it may never call the route, and is refused with `can`, before the body.
   */
  canAt?: LocationKind;
  /**
   * The route can show someone's private material (private step content, an uploaded file, a form
   * instance's answers, a list of someone's documents): what it reveals is recorded in the
   * read-access log before the response leaves (functions/core/read-log/read-write.ts; issue 25).
   */
  readLog?: ReadKind;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Success status; 204 sends no body; 202 answers a started background job (`{ jobId }`). */
  status?: 200 | 201 | 202 | 204 | 302;
}

/**
 * One service's routes (one Lambda), keyed by operation: the contract under `key` has the id
 * `<service>.<key>`. Handlers, the web's route table and tests reach a route through this object.
 */
export type ServiceApi = Readonly<Record<string, Contract>>;

export function defineContract<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(c: Contract<P, Q, B, R>): Contract<P, Q, B, R> {
  return c;
}

export type ParamsOf<C> = C extends Contract<infer P, any, any, any> ? z.infer<P> : never;
export type QueryOf<C> = C extends Contract<any, infer Q, any, any> ? z.infer<Q> : never;
export type BodyOf<C> = C extends Contract<any, any, infer B, any> ? z.infer<B> : never;
export type ResponseOf<C> = C extends Contract<any, any, any, infer R> ? z.infer<R> : never;

/** What a caller sends (before zod transforms and defaults), for the web app's fetchers. */
export type ParamsInput<C> = C extends Contract<infer P, any, any, any> ? z.input<P> : never;
export type QueryInput<C> = C extends Contract<any, infer Q, any, any> ? z.input<Q> : never;
export type BodyInput<C> = C extends Contract<any, any, infer B, any> ? z.input<B> : never;

/** Fills `{name}` placeholders of a contract path. */
export function buildPath(path: string, params: Record<string, string | number | boolean> = {}): string {
  return path.replace(/\{(\w+)\+?\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
