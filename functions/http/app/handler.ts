import { createServiceHandler } from '../../lib/http/service-handler';
import { appApi } from '../../../shared/api/app';
import { config } from '../../lib/config';
import { API_VERSION, openApiDocument } from '../../../shared/api/openapi';

let document: Record<string, unknown> | null = null;

export const handler = createServiceHandler(appApi, {
  settings: async () => ({ feedbackUrl: config.feedbackUrl }),
  health: async () => ({ status: 'ok' as const, version: API_VERSION }),
  // The document describes every service, so it needs every contract: they load on the first
  // request for it (a lazily evaluated module in the bundle), not at cold start.
  openapi: async () => (document ??= openApiDocument((await import('../../../shared/api')).contracts)),
});
