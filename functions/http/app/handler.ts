import { createServiceHandler, implement } from '../../lib/http/service-handler';
import { contracts } from '../../../shared/api';
import { health, openapi } from '../../../shared/api/app';
import { API_VERSION, openApiDocument } from '../../../shared/api/openapi';

let document: Record<string, unknown> | null = null;

export const handler = createServiceHandler('app', [
  implement(health, async () => ({ status: 'ok' as const, version: API_VERSION })),
  implement(openapi, async () => (document ??= openApiDocument(contracts))),
]);
