import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { services } from '../../shared/api';
import { buildApiGatewayEvent, collectHeaders, lambdaContext, replyFromResult, serviceOf, type HttpReply } from './apigw-event';
import { localOriginSecret, originGate, withOriginHeader } from './origin-gate';
import { BodyTooLargeError, readBody } from './request-body';
import { MAX_BODY_BYTES, PAYLOAD_TOO_LARGE } from '../../functions/lib/http/body-limit';
import type { EdgeHeaders } from './edge-headers';

/**
 * The local stand-in for API Gateway: `/api/<service>/...` goes to that service's Lambda
 * handler (functions/http/<service>/handler.ts), loaded on first use like a cold start.
 */
type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | string>;

const HANDLERS_DIR = fileURLToPath(new URL('../../functions/http/', import.meta.url));

const loaded = new Map<string, Promise<LambdaHandler | null>>();

function handlerFile(service: string): string {
  return `${HANDLERS_DIR}${service}/handler.ts`;
}

/** The service's handler, or null when the service has no routes or no handler file yet. */
function loadHandler(service: string): Promise<LambdaHandler | null> {
  if (!services.includes(service) || !existsSync(handlerFile(service))) return Promise.resolve(null);
  let handler = loaded.get(service);
  if (!handler) {
    handler = import(pathToFileURL(handlerFile(service)).href).then((module) => module.handler as LambdaHandler);
    handler.catch(() => loaded.delete(service)); // a syntax error fixed in dev mode loads on the next request
    loaded.set(service, handler);
  }
  return handler;
}

function jsonReply(status: number, message: string): HttpReply {
  return { status, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ message })) };
}

function send(res: ServerResponse, reply: HttpReply, requestId: string, head: boolean, edge: EdgeHeaders | undefined): void {
  const headers = { ...reply.headers, 'content-length': String(reply.body.length), 'apigw-requestid': requestId };
  // CloudFront's response headers policy sits in front of API Gateway in AWS.
  res.writeHead(reply.status, edge ? edge.apply(headers) : headers);
  res.end(head ? undefined : reply.body);
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export async function handleApiRequest(req: IncomingMessage, res: ServerResponse, edge?: EdgeHeaders): Promise<void> {
  const requestId = randomUUID();
  const head = req.method === 'HEAD';
  const service = serviceOf(req.url ?? '/');
  const handler = service ? await loadHandler(service) : null;
  if (!service || !handler) return send(res, jsonReply(404, 'Not Found'), requestId, head, edge);

  // CloudFront adds the origin secret; the route's authorizer checks it before the service runs.
  const secret = localOriginSecret();
  const rawHeaders = withOriginHeader(req.rawHeaders, secret);
  const refused = originGate(collectHeaders(rawHeaders).headers, secret);
  if (refused) return send(res, jsonReply(refused.status, refused.message), requestId, head, edge);

  let body: Buffer;
  try {
    // API Gateway would pass up to 10 MB, but every function refuses more than MAX_BODY_BYTES:
    // stop reading there and answer as the function would.
    body = await readBody(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return send(res, jsonReply(413, PAYLOAD_TOO_LARGE), requestId, head, edge);
    throw error;
  }
  const event = buildApiGatewayEvent(
    { method: req.method ?? 'GET', url: req.url ?? '/', rawHeaders, body, sourceIp: req.socket.remoteAddress ?? '127.0.0.1', requestId },
    service,
  );
  let reply: HttpReply;
  try {
    reply = replyFromResult(await handler(event, lambdaContext(service, requestId)));
  } catch (error) {
    // What API Gateway answers when the function throws; the detail stays in the log.
    console.error(`[api] ${service} handler threw`, error);
    reply = jsonReply(500, 'Internal Server Error');
  }
  send(res, reply, requestId, head, edge);
}
