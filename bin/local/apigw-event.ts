import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

/**
 * Turns a plain HTTP request into the event API Gateway HTTP API (payload format 2.0)
 * sends to a service's Lambda, so the local server runs the exact handlers deployed to AWS.
 * Pure: the caller reads the request; everything here is testable without a socket.
 */
export interface IncomingRequest {
  method: string;
  /** Path plus query string, as received (`/api/user/1?limit=5`). */
  url: string;
  /** Node's `rawHeaders`: name, value, name, value ... (original case, duplicates kept). */
  rawHeaders: string[];
  body: Buffer;
  sourceIp: string;
  requestId?: string;
  now?: Date;
}

const TEXT_CONTENT_TYPES = [
  /^text\//,
  /^application\/(json|xml|javascript|x-www-form-urlencoded|graphql)\b/,
  /^application\/[\w.+-]+\+(json|xml)\b/,
];

/** API Gateway passes text bodies as they are and base64-encodes everything else (files, multipart). */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.trim().toLowerCase();
  return TEXT_CONTENT_TYPES.some((pattern) => pattern.test(type));
}

/** Duplicate headers are joined with commas; names are lower-cased; cookies move to `cookies`. */
export function collectHeaders(rawHeaders: string[]): { headers: Record<string, string>; cookies: string[] } {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    const value = rawHeaders[i + 1];
    if (name === 'cookie') {
      cookies.push(...value.split(';').map((part) => part.trim()).filter(Boolean));
      continue;
    }
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  return { headers, cookies };
}

function decodeComponent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // API Gateway passes malformed escapes through unchanged
  }
}

/** Repeated keys are joined with commas, as API Gateway does for payload format 2.0. */
export function queryParameters(rawQueryString: string): Record<string, string> | undefined {
  if (!rawQueryString) return undefined;
  const parameters: Record<string, string> = {};
  for (const pair of rawQueryString.split('&')) {
    if (!pair) continue;
    const index = pair.indexOf('=');
    const key = decodeComponent(index < 0 ? pair : pair.slice(0, index));
    const value = index < 0 ? '' : decodeComponent(pair.slice(index + 1));
    parameters[key] = key in parameters ? `${parameters[key]},${value}` : value;
  }
  return Object.keys(parameters).length ? parameters : undefined;
}

/** `12/Mar/2020:19:03:58 +0000`, the format of `requestContext.time`. */
function apiGatewayTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/** The service is the second path segment: `/api/<service>/...`. */
export function serviceOf(path: string): string | undefined {
  const match = /^\/api\/([^/?#]+)/.exec(path);
  return match ? match[1] : undefined;
}

export function buildApiGatewayEvent(request: IncomingRequest, service: string): APIGatewayProxyEventV2 {
  const queryStart = request.url.indexOf('?');
  const rawPath = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  const rawQueryString = queryStart < 0 ? '' : request.url.slice(queryStart + 1);
  const { headers, cookies } = collectHeaders(request.rawHeaders);
  const now = request.now ?? new Date();
  const base = `/api/${service}`;
  const proxy = rawPath.startsWith(`${base}/`) ? rawPath.slice(base.length + 1) : undefined;
  const routeKey = proxy === undefined ? `ANY ${base}` : `ANY ${base}/{proxy+}`;
  const host = headers.host ?? 'localhost';
  const domainName = host.replace(/:\d+$/, '');
  const hasBody = request.body.length > 0;
  const text = isTextContentType(headers['content-type']);
  const queryStringParameters = queryParameters(rawQueryString);

  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName,
      domainPrefix: domainName.split('.')[0],
      http: {
        method: request.method.toUpperCase(),
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: request.requestId ?? randomUUID(),
      routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    ...(proxy !== undefined ? { pathParameters: { proxy } } : {}),
    ...(hasBody ? { body: text ? request.body.toString('utf8') : request.body.toString('base64') } : {}),
    isBase64Encoded: hasBody && !text,
  };
}

/** Enough of the Lambda context for middy and our logging. */
export function lambdaContext(service: string, requestId: string): Context {
  const deadline = Date.now() + 29_000; // the HTTP API integration timeout
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: `formation-${service}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:formation-${service}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/formation-${service}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/**
 * How API Gateway turns a handler's result into a response: `cookies` become Set-Cookie
 * headers, base64 bodies are decoded, a missing status means 200.
 */
export function replyFromResult(result: APIGatewayProxyStructuredResultV2 | string | undefined): HttpReply {
  if (result === undefined || typeof result === 'string') {
    return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(result ?? '') };
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = [...result.cookies];
  const raw = result.body ?? '';
  const body = result.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  return { status: result.statusCode ?? 200, headers, body };
}
