import { openApiDocument } from '../../../shared/api/openapi';

/**
 * The API description of every contract, made on its first request. The Lambda bundle gets it
 * made at build time instead (infra/bundling/openapi-at-build.ts), so no bundle carries zod's
 * JSON Schema code or the other services' contracts for it.
 */
export async function loadOpenApiDocument(): Promise<Record<string, unknown>> {
  return openApiDocument((await import('../../../shared/api')).contracts);
}
