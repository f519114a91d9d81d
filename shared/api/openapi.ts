import * as z from 'zod';
import type { Contract } from './contract';
import { errorBodySchema } from './errors';
import { RATE_LIMITS, type RateLimitName } from './rate-limits';

export const API_VERSION = '2.0.0';

/** The OpenAPI 3.1 document, generated from the same contracts the router uses. */
export function openApiDocument(contracts: readonly Contract[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of contracts) {
    const operation: Record<string, unknown> = {
      operationId: contract.id,
      summary: contract.summary,
      tags: [contract.service],
      parameters: [...parametersOf(contract.params, 'path'), ...parametersOf(contract.query, 'query')],
      responses: {
        [String(contract.status ?? 200)]: {
          description: 'Success',
          ...(contract.status === 204 || contract.status === 302
            ? {}
            : { content: { 'application/json': { schema: jsonSchema(contract.response, 'output') } } }),
        },
        '400': errorResponse('Validation failed; fieldErrors names each field.'),
        ...(contract.access === 'session' ? { '401': errorResponse('No session.'), '403': errorResponse('Not allowed.') } : {}),
        ...(contract.rateLimit ? { '429': rateLimitedResponse() } : {}),
      },
      ...(contract.access === 'session' ? { security: [{ session: [] }] } : {}),
      ...(contract.rateLimit ? { 'x-rate-limit': rateLimitOf(contract.rateLimit) } : {}),
      ...(contract.can ? { 'x-required-ability': { action: contract.can[0], subject: contract.can[1] } } : {}),
    };
    if (contract.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(contract.body, 'input') } } };
    }
    (paths[contract.path] ??= {})[contract.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Formation Tracks API', version: API_VERSION },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fm_session' } } },
    paths,
  };
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } } };
}

/** The limit a route declares: requests per window (seconds), counted per user or per client IP. */
function rateLimitOf(name: RateLimitName) {
  const { limit, windowSeconds, key } = RATE_LIMITS[name];
  return { name, limit, windowSeconds, key };
}

/** A rate-limited route over its limit (shared/api/rate-limits.ts): wait Retry-After seconds. */
function rateLimitedResponse() {
  return {
    ...errorResponse('Too many requests from this caller in the current window (x-rate-limit).'),
    headers: { 'Retry-After': { description: 'Seconds until the window ends.', schema: { type: 'integer', minimum: 1 } } },
  };
}
