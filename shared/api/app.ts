import * as z from 'zod';
import { defineContract } from './contract';

const health = defineContract({
  id: 'app.health',
  service: 'app',
  method: 'GET',
  path: '/api/app/health',
  summary: 'Liveness check; answers without a session.',
  access: 'public',
  response: z.object({ status: z.literal('ok'), version: z.string() }),
});

const openapi = defineContract({
  id: 'app.openapi',
  service: 'app',
  method: 'GET',
  path: '/api/app/openapi.json',
  summary: 'The OpenAPI 3.1 document generated from the route contracts.',
  access: 'public',
  response: z.record(z.string(), z.unknown()),
});

const settings = defineContract({
  id: 'app.settings',
  service: 'app',
  method: 'GET',
  path: '/api/app/settings',
  summary: "The deployment's settings the shell shows: the external feedback form's address (SPEC.md section 1), absent when not configured.",
  access: 'public',
  response: z.object({ feedbackUrl: z.string().optional() }),
});

export const appApi = { health, openapi, settings };
