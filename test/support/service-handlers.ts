import type { Handler } from './invoke';

/** A service's Lambda handler (functions/http/<service>/handler.ts), loaded by name so new services need no edit here. */
export async function serviceHandler(service: string): Promise<Handler> {
  const module = (await import(`../../functions/http/${service}/handler.ts`)) as { handler: Handler };
  return module.handler;
}
