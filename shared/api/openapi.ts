import * as z from 'zod';
import type { Contract } from './contract';
import { errorBodySchema } from './errors';
import { RATE_LIMITS, type RateLimitName } from './rate-limits';

export const API_VERSION = '2.0.0';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ERROR_BODY_REF = '#/components/schemas/ErrorBody';
const INPUT_SUFFIX = 'Input';

/**
 * The OpenAPI 3.1 document, generated from the same contracts the router uses, checked by
 * test/shared/api/openapi.test.ts (a standard validator, and Spectral's oas and OWASP rulesets;
 * docs/security.md, "The API description"). Each operation lists the errors the request pipeline
 * (functions/lib/http/service-handler.ts) can answer for it, all with the one error body.
 */
export function openApiDocument(contracts: readonly Contract[]): Json {
  const schemas = new ComponentSchemas();
  const templates = pathTemplates(contracts);
  const paths: Record<string, Json> = {};
  for (const contract of contracts) {
    const template = templates.get(contract.path)!;
    const operation: Json = {
      operationId: contract.id,
      summary: contract.summary,
      tags: [contract.service],
      parameters: [
        ...parametersOf(contract, contract.params, 'path', schemas, template.renamed),
        ...parametersOf(contract, contract.query, 'query', schemas, new Map()),
      ],
      responses: {
        [String(contract.status ?? 200)]: {
          description: 'Success',
          ...(contract.status === 204 || contract.status === 302
            ? {}
            : { content: { 'application/json': { schema: schemas.of(contract.response, 'output', contract.id) } } }),
        },
        ...errorResponses(contract),
      },
      ...(contract.access === 'session' ? { security: [{ session: [] }] } : {}),
      ...(contract.rateLimit ? { 'x-rate-limit': rateLimitOf(contract.rateLimit) } : {}),
      ...(contract.can ? { 'x-required-ability': { action: contract.can[0], subject: contract.can[1] } } : {}),
    };
    if (contract.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: schemas.of(contract.body, 'input', contract.id) } } };
    }
    (paths[template.path] ??= {})[contract.method.toLowerCase()] = operation;
  }
  schemas.add('ErrorBody', schemas.of(errorBodySchema, 'output', 'ErrorBody'));
  const services = [...new Set(contracts.map((contract) => contract.service))];
  return schemas.finish({
    openapi: '3.1.0',
    info: {
      title: 'Formation Tracks API',
      version: API_VERSION,
      description:
        'The API of the Formation Tracks web app, generated from its route contracts. Requests and answers are JSON; ' +
        'every error answers `{ message, fieldErrors? }` (ErrorBody). Sessions are a cookie set at sign-in. Rate-limited ' +
        'routes name their limit in `x-rate-limit`; `x-required-ability` is the ability a route needs before anything is loaded.',
    },
    tags: services.map((service) => ({ name: service, description: `The ${service} service: one Lambda, the routes under /api/${service}.` })),
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-fm_session',
          description: 'The session cookie set at sign-in (HttpOnly, SameSite=Lax); `fm_session` on plain-http localhost.',
        },
      },
      schemas: {},
    },
    paths,
  });
}

/**
 * OpenAPI path templates: paths that differ only in their parameters' names are one path
 * (`/api/user/{id}/alias/{name}` and `.../{aliasId}`), so such contracts share a template whose
 * names join theirs (`{nameOrAliasId}`), and each operation says which of its own it is.
 */
function pathTemplates(contracts: readonly Contract[]): Map<string, { path: string; renamed: Map<string, string> }> {
  const byShape = new Map<string, string[]>();
  for (const { path } of contracts) {
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    const known = byShape.get(shape) ?? [];
    if (!known.includes(path)) byShape.set(shape, [...known, path]);
  }
  const templates = new Map<string, { path: string; renamed: Map<string, string> }>();
  for (const paths of byShape.values()) {
    const namesAt = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const joined = namesAt(paths[0]!).map((_, i) =>
      [...new Set(paths.map((path) => namesAt(path)[i]!))].map((name, j) => (j ? name[0]!.toUpperCase() + name.slice(1) : name)).join('Or'),
    );
    let position = 0;
    const template = paths[0]!.replace(/\{[^}]+\}/g, () => `{${joined[position++]}}`);
    for (const path of paths) {
      const renamed = new Map(namesAt(path).map((name, i) => [name, joined[i]!] as const).filter(([name, as]) => name !== as));
      templates.set(path, { path: template, renamed });
    }
  }
  return templates;
}

function parametersOf(
  contract: Contract,
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
  schemas: ComponentSchemas,
  renamed: Map<string, string>,
) {
  if (!schema) return [];
  const json = schemas.of(schema, 'input', contract.id) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name: renamed.get(name) ?? name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    ...(renamed.has(name) ? { description: `What this route calls \`${name}\` (routes sharing this path name the segment differently).` } : {}),
    schema: property,
  }));
}

/** The error answers the pipeline can give for this contract, each with the error body (ErrorBody). */
function errorResponses(contract: Contract): Record<string, Json> {
  const session = contract.access === 'session';
  const takesBody = Boolean(contract.body) && !contract.formPost;
  const refused = [
    'in AWS, the request did not come through the app\'s address (CloudFront\'s x-origin-verify)',
    ...(WRITE_METHODS.has(contract.method) ? ['it came from another site (Origin or Sec-Fetch-Site is not the app\'s own)'] : []),
    ...(session ? ['the session may not do this: it lacks the ability the route needs where the item is, or the second factor its roles need'] : []),
    ...(contract.snsWebhook ? ['it is not a signed SNS message of the expected topic'] : []),
  ];
  return {
    '400': errorResponse('Validation failed: a parameter, the query or the body breaks the contract (fieldErrors names each field), or the body is not JSON.'),
    ...(session ? { '401': errorResponse('No valid session: never signed in, signed out, expired or ended.') } : {}),
    '403': errorResponse(
      `Refused: ${refused.join('; or ')}. The web firewall's per-IP limits also answer 403 in AWS, with a body of its own (docs/deploy.md).`,
    ),
    ...(/\{/.test(contract.path) ? { '404': errorResponse('Nothing the caller may see by that name: the item named in the path does not exist, or is out of the caller\'s reach.') } : {}),
    ...(takesBody ? { '413': errorResponse('The body is over 1 MiB (its bytes as sent).') } : {}),
    ...(takesBody && !contract.snsWebhook ? { '415': errorResponse('The body is not sent as content-type application/json.') } : {}),
    ...(contract.rateLimit ? { '429': rateLimitedResponse(contract) } : {}),
    '4XX': errorResponse(
      'Another refusal; its message is shown to the user as it is: 404 when something the request names does not exist or is out ' +
        'of the caller\'s reach, 409 when it changed since it was read or concurrent changes collided (reload or try again), 422 when ' +
        'a rule of the app refuses it.',
    ),
    '500': errorResponse('The request failed on the server; the message says nothing more (the logs hold the request id).'),
    '5XX': errorResponse(
      'API Gateway or CloudFront got no answer from the service (502, 503, 504): it was throttled, timed out or unreachable; try again ' +
        'later. API Gateway answers this body; a CloudFront error page is HTML.',
    ),
  };
}

function errorResponse(description: string): Json {
  return { description, content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } } };
}

/** The limit a route declares: requests per window (seconds), counted per user or per client IP. */
function rateLimitOf(name: RateLimitName) {
  const { limit, windowSeconds, key } = RATE_LIMITS[name];
  return { name, limit, windowSeconds, key };
}

/**
 * A rate-limited route over its limit (shared/api/rate-limits.ts): wait Retry-After seconds, at most
 * the limit's window. A browser navigation (a route answering 302, the sign-in callback) gets a page.
 */
function rateLimitedResponse(contract: Contract): Json {
  const { windowSeconds } = RATE_LIMITS[contract.rateLimit!];
  const description =
    'Too many requests from this caller in the current window (x-rate-limit); the message says when to try again.' +
    (contract.id === 'communication.triggerSmsVerification' ? ' Also the number\'s daily cap of codes, without Retry-After.' : '');
  const content =
    contract.status === 302
      ? { 'text/html': { schema: { type: 'string', maxLength: 2000 } } }
      : { 'application/json': { schema: { $ref: ERROR_BODY_REF } } };
  return {
    description,
    headers: {
      'Retry-After': {
        description: 'Whole seconds until the window ends.',
        schema: { type: 'integer', format: 'int32', minimum: 1, maximum: windowSeconds },
      },
    },
    content,
  };
}

/**
 * The JSON Schemas of the contracts, with the schemas zod names (`.meta({ id })`, the recursive
 * form schemas) moved to components/schemas: zod refers to them as `#/$defs/<id>` inside each
 * schema, which means nothing at the document's root. An input and an output version of the
 * same schema are `<id>Input` and `<id>` when they differ (a default makes a field optional
 * on the way in), one component when they do not.
 */
class ComponentSchemas {
  /** Each named schema's JSON per side, its references still to the side's own names. */
  private readonly named: Record<Io, Map<string, string>> = { input: new Map(), output: new Map() };
  /** The reference objects that point at an input version, repointed in finish() if it merges. */
  private readonly inputRefs: { node: Json; name: string }[] = [];
  private readonly extra = new Map<string, unknown>();

  of(schema: z.ZodType, io: Io, context: string): unknown {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
    delete json.$schema; // the document's dialect (OpenAPI 3.1: JSON Schema 2020-12) applies
    const defs = (json.$defs ?? {}) as Record<string, unknown>;
    delete json.$defs;
    // A recursive schema without an id gets zod's `__schemaN`, unique only within one call.
    const nameOf = (key: string) => (key.startsWith('__schema') ? `${context}.${key}`.replace(/[^A-Za-z0-9._-]/g, '_') : key);
    for (const [key, def] of Object.entries(defs)) {
      const text = JSON.stringify(tidy(def, (node, target) => (node.$ref = `${COMPONENT_PREFIX}${nameOf(target)}${io === 'input' ? INPUT_SUFFIX : ''}`)));
      const known = this.named[io].get(nameOf(key));
      if (known !== undefined && known !== text) throw new Error(`Two different schemas are named ${nameOf(key)} (${io}, ${context})`);
      this.named[io].set(nameOf(key), text);
    }
    return tidy(json, (node, target) => {
      node.$ref = `${COMPONENT_PREFIX}${nameOf(target)}${io === 'input' ? INPUT_SUFFIX : ''}`;
      if (io === 'input') this.inputRefs.push({ node, name: nameOf(target) });
    });
  }

  add(name: string, schema: unknown): void {
    this.extra.set(name, schema);
  }

  /** Places the named schemas in the document, one component for input and output where they are the same. */
  finish(document: Json): Json {
    const inputRef = new RegExp(`"${COMPONENT_PREFIX}([^"]+)${INPUT_SUFFIX}"`, 'g');
    const refersTo = (text: string) => [...text.matchAll(inputRef)].map((match) => match[1]!);
    // An input version merges into the output one when equal once its references merge too.
    const merged = new Set(
      [...this.named.input].filter(([name, text]) => this.named.output.get(name) === text.replace(inputRef, `"${COMPONENT_PREFIX}$1"`)).map(([name]) => name),
    );
    for (let changed = true; changed; ) {
      changed = false;
      for (const name of merged) {
        if (refersTo(this.named.input.get(name)!).every((other) => merged.has(other))) continue;
        merged.delete(name);
        changed = true;
      }
    }
    const final = (text: string) => text.replace(inputRef, (whole, name: string) => (merged.has(name) ? `"${COMPONENT_PREFIX}${name}"` : whole));
    const components = document.components as { schemas: Record<string, unknown> };
    for (const [name, text] of this.named.output) components.schemas[name] = JSON.parse(text);
    for (const [name, text] of this.named.input) if (!merged.has(name)) components.schemas[name + INPUT_SUFFIX] = JSON.parse(final(text));
    for (const [name, schema] of this.extra) components.schemas[name] = schema;
    for (const { node, name } of this.inputRefs) if (merged.has(name)) node.$ref = `${COMPONENT_PREFIX}${name}`;
    return document;
  }
}

const COMPONENT_PREFIX = '#/components/schemas/';
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * Completes zod's JSON Schema in place for OpenAPI: hands each `#/$defs/<key>` reference to
 * `repoint`, gives integers their format (int32 when their bounds fit, else int64; zod bounds
 * its integers to the safe range), and states a bounded record's most keys, which the contracts
 * keep in `.meta({ maxKeys })`, as JSON Schema's maxProperties.
 */
function tidy(value: unknown, repoint: (node: Json, key: string) => void): unknown {
  if (Array.isArray(value)) {
    for (const item of value) tidy(item, repoint);
    return value;
  }
  if (!value || typeof value !== 'object') return value;
  const node = value as Json;
  for (const inner of Object.values(node)) if (inner && typeof inner === 'object') tidy(inner, repoint);
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/$defs/')) repoint(node, node.$ref.slice('#/$defs/'.length));
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer') && node.format === undefined) {
    const min = typeof node.minimum === 'number' ? node.minimum : -Infinity;
    const max = typeof node.maximum === 'number' ? node.maximum : Infinity;
    node.format = min >= INT32.min && max <= INT32.max ? 'int32' : 'int64';
  }
  if (typeof node.maxKeys === 'number') {
    node.maxProperties ??= node.maxKeys;
    delete node.maxKeys;
  }
  return node;
}
