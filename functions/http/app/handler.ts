import { createServiceHandler } from '../../lib/http/service-handler';
import { appApi } from '../../../shared/api/app';
import { config } from '../../lib/config';
import { API_VERSION } from '../../../shared/api/openapi';
import { loadOpenApiDocument } from './load-openapi-document';

let document: Record<string, unknown> | null = null;

export const handler = createServiceHandler(appApi, {
  settings: async () => ({ feedbackUrl: config.feedbackUrl }),
  health: async () => ({ status: 'ok' as const, version: API_VERSION }),
  openapi: async () => (document ??= await loadOpenApiDocument()),
});
